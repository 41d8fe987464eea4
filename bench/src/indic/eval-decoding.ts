// `npm run eval:decoding [-- --corpus DIR --out DIR]`
// Issue 21's decoding measure: of the Devanagari word tokens on the Hindi BAWS volume's text
// pages, as the product loader reads them, the share the Hindi Hunspell dictionary knows
// (target ≥ 0.90); per page and overall, the most frequent unknown words, and five decoded lines
// beside pdftotext's raw text of the same line. Needs `hunspell`, `hunspell-hi` and pdftotext.
// Writes bench/results/decoding-<date>.md and .json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_CORPUS } from '../qa/question-set.ts';
import {
  decodingQuality,
  HINDI_VOLUME,
  loadedPageTexts,
  MIN_TEXT_PAGE_TOKENS,
  TARGET_SHARE,
} from './decoding-quality.ts';
import { renderDecodingMarkdown } from './decoding-report.ts';
import { HindiDictionary, hunspellMissing } from './hunspell.ts';
import { pageFamilies, pdftotextPages, sideBySide } from './side-by-side.ts';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: DEFAULT_CORPUS },
    out: { type: 'string', default: 'bench/results' },
  },
});

const missing = hunspellMissing();
if (missing) {
  console.error(`eval:decoding cannot run: ${missing}.`);
  process.exit(2);
}
try {
  execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
} catch {
  console.error(
    'eval:decoding cannot run: pdftotext is not installed (apt-get install poppler-utils).',
  );
  process.exit(2);
}
const pdfPath = path.join(path.resolve(values.corpus), HINDI_VOLUME);
if (!existsSync(pdfPath)) {
  console.error(`eval:decoding cannot run: ${pdfPath} is not there (the shared corpus).`);
  process.exit(2);
}

const started = Date.now();
const loadedPages = await loadedPageTexts(pdfPath);
const dictionary = HindiDictionary.open();
let quality: ReturnType<typeof decodingQuality>;
try {
  quality = decodingQuality(loadedPages, dictionary);
} finally {
  dictionary.close();
}
const rawPages = pdftotextPages(pdfPath);
const families = pageFamilies(rawPages);
const lines = sideBySide(quality.pages, rawPages, loadedPages);

const date = new Date().toISOString();
const record = {
  date,
  file: HINDI_VOLUME,
  dictionary: 'hunspell-hi (/usr/share/hunspell/hi_IN), WORDCHARS added, NFC spellings added',
  minTextPageTokens: MIN_TEXT_PAGE_TOKENS,
  target: TARGET_SHARE,
  textPages: quality.pages.length,
  tokens: quality.tokens,
  known: quality.known,
  share: quality.share,
  distinctWords: quality.distinctWords,
  distinctKnown: quality.distinctKnown,
  otherPages: quality.otherPages,
  pages: quality.pages.map((p) => ({ ...p, family: families.get(p.page) ?? null })),
  topUnknown: quality.topUnknown,
  sideBySide: lines,
};
mkdirSync(values.out, { recursive: true });
const base = path.join(values.out, `decoding-${date.slice(0, 10)}`);
writeFileSync(`${base}.json`, `${JSON.stringify(record, null, 1)}\n`);
writeFileSync(`${base}.md`, renderDecodingMarkdown(record));

const lowest = [...record.pages].sort((a, b) => a.share - b.share).slice(0, 5);
console.log(
  [
    `Hindi volume (${HINDI_VOLUME}): ${record.textPages} text pages, ${record.tokens} Devanagari tokens`,
    `in the Hindi Hunspell dictionary: ${(record.share * 100).toFixed(1)} % overall (target ≥ ${TARGET_SHARE * 100} %: ${record.share >= TARGET_SHARE ? 'met' : 'NOT met'})`,
    `distinct words known: ${record.distinctKnown} of ${record.distinctWords}`,
    `lowest pages: ${lowest.map((p) => `p.${p.page} ${(p.share * 100).toFixed(0)} % of ${p.tokens}`).join(', ')}`,
    `top unknown: ${record.topUnknown
      .slice(0, 10)
      .map((u) => `${u.word} ×${u.count}`)
      .join(', ')}`,
    `wrote ${base}.md and .json in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  ].join('\n'),
);

/** The markdown report of one `eval:decoding` run. */
import type { LegacyFamily } from '@samvad/server/knowledge/legacy-devanagari/tables.ts';
import type { DecodingQuality, PageShare } from './decoding-quality.ts';
import type { SideBySideLine } from './side-by-side.ts';

export type DecodingRecord = Pick<
  DecodingQuality,
  'tokens' | 'known' | 'share' | 'distinctWords' | 'distinctKnown' | 'otherPages' | 'topUnknown'
> & {
  date: string;
  file: string;
  dictionary: string;
  minTextPageTokens: number;
  target: number;
  textPages: number;
  pages: (PageShare & { family: LegacyFamily | null })[];
  sideBySide: SideBySideLine[];
};

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
// The raw text holds backticks (Kruti Dev's ृ): the raw column uses a double-backtick span.
const cell = (text: string) => text.replace(/\|/g, '\\|');

export function renderDecodingMarkdown(record: DecodingRecord): string {
  const met = record.share >= record.target;
  const lowest = [...record.pages].sort((a, b) => a.share - b.share).slice(0, 10);
  const lines = [
    `# eval:decoding — ${record.file} (${record.date.slice(0, 10)})`,
    '',
    `Of the Devanagari word tokens on the volume's ${record.textPages} text pages (pages with at least ${record.minTextPageTokens} tokens in the product loader's text, \`loadDocument\`), **${percent(record.share)}** are in the Hindi Hunspell dictionary (${record.known} of ${record.tokens}; target ≥ ${percent(record.target)}: **${met ? 'met' : 'not met'}**). Distinct words: ${record.distinctKnown} of ${record.distinctWords} known.`,
    '',
    `Dictionary: ${record.dictionary}. Tokens: runs of Devanagari letters and signs, cut at spaces, punctuation, dandas, hyphens and digits; Latin words and numbers are not counted. Pages with fewer tokens (${record.otherPages.join(', ') || 'none'}) are left out; pages with none are blank, image or Latin-only pages.`,
    '',
    '## Lowest pages',
    '',
    '| page | font family (pdftotext) | tokens | in dictionary |',
    '|---|---|---|---|',
    ...lowest.map((p) => `| ${p.page} | ${p.family ?? '—'} | ${p.tokens} | ${percent(p.share)} |`),
    '',
    `## Most frequent unknown words (${record.topUnknown.length})`,
    '',
    'A decoding error shows as a word no Hindi reader would write (a sign in the wrong place, a stray half letter); a rare or inflected word is merely absent from the dictionary.',
    '',
    '| word | count | pages |',
    '|---|---|---|',
    ...record.topUnknown.map(
      (u) =>
        `| ${u.word} | ${u.count} | ${u.pages.slice(0, 12).join(', ')}${u.pages.length > 12 ? ' …' : ''} |`,
    ),
    '',
    '## Decoded lines beside the text layer',
    '',
    "pdftotext's text of the line (the legacy font's Latin codes; the page as `pdftotext -f N -l N` gives it), and the same line in the loader's text.",
    '',
    '| page | family | pdftotext | loader (decoded) |',
    '|---|---|---|---|',
    ...record.sideBySide.map(
      (l) => `| ${l.page} | ${l.family} | \`\` ${cell(l.raw)} \`\` | ${cell(l.loaded)} |`,
    ),
    '',
    '## Every text page',
    '',
    '| page | family | tokens | in dictionary |',
    '|---|---|---|---|',
    ...record.pages.map(
      (p) => `| ${p.page} | ${p.family ?? '—'} | ${p.tokens} | ${percent(p.share)} |`,
    ),
    '',
  ];
  return `${lines.join('\n')}\n`;
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import { decodeLegacyDevanagari } from '@samvad/server/knowledge/legacy-devanagari/decode.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CORPUS } from '../qa/question-set.ts';
import {
  decodingQuality,
  devanagariTokens,
  HINDI_VOLUME,
  loadedPageTexts,
  REGRESSION_FLOOR,
} from './decoding-quality.ts';
import { HindiDictionary, hunspellMissing } from './hunspell.ts';
import { pdftotextPages } from './side-by-side.ts';

const volume = path.join(DEFAULT_CORPUS, HINDI_VOLUME);
const corpusAvailable = existsSync(volume);
// CI installs hunspell and hunspell-hi and sets this, so the measure cannot silently skip there.
const required = process.env.SAMVAD_REQUIRE_HUNSPELL === '1';
const missing = hunspellMissing();
if (missing && !required)
  console.warn(`decoding-quality: skipping the Hunspell checks: ${missing}`);
if (!corpusAvailable) console.warn(`decoding-quality: skipping the volume's checks: no ${volume}`);

describe('Devanagari word tokens', () => {
  it('keeps vowel signs, virama and nukta inside words and leaves out Latin, digits and dandas', () => {
    expect(devanagariTokens('अछूतों की (राजनीतिक) मांगें। Gandhi 1932 १९३२ ज़मीन—क्योंकि')).toEqual([
      'अछूतों',
      'की',
      'राजनीतिक',
      'मांगें',
      'ज़मीन',
      'क्योंकि',
    ]);
    expect(devanagariTokens('सामाजिक-आर्थिक')).toEqual(['सामाजिक', 'आर्थिक']);
  });

  it('measures text pages only, per page and overall, and ranks the unknown words', () => {
    const known = new Set(['के', 'में', 'है']);
    const pages = new Map([
      [1, 'शीर्षक'],
      [2, `${'के में है '.repeat(6)}अछूतों अछूतों गलत`],
      [3, ''],
    ]);
    const quality = decodingQuality(pages, {
      known: (words) => new Set([...words].filter((word) => known.has(word))),
    });
    expect(quality.pages).toEqual([{ page: 2, tokens: 21, known: 18, share: 18 / 21 }]);
    expect(quality.otherPages).toEqual([1]);
    expect(quality.share).toBeCloseTo(18 / 21);
    expect(quality.topUnknown).toEqual([
      { word: 'अछूतों', count: 2, pages: [2] },
      { word: 'गलत', count: 1, pages: [2] },
    ]);
  });
});

describe.skipIf(Boolean(missing) && !required)('the Hindi Hunspell dictionary', () => {
  let dictionary: HindiDictionary | undefined;
  const open = () => {
    dictionary ??= HindiDictionary.open();
    return dictionary;
  };
  afterAll(() => dictionary?.close());

  it('knows whole words with vowel signs and rejects misplaced signs', () => {
    const known = open().known(['भारत', 'संविधान', 'कांग्रेस', 'िकया', 'भारतत', 'कोिई']);
    expect([...known].sort()).toEqual(['कांग्रेस', 'भारत', 'संविधान']);
  });

  it.skipIf(!corpusAvailable)(
    'tells the right legacy table from the wrong one on a body page',
    () => {
      const raw = pdftotextPages(volume).get(49) ?? '';
      const share = (family: 'chanakya' | 'kruti-dev') =>
        decodingQuality(new Map([[49, decodeLegacyDevanagari(raw, family)]]), open()).share;
      expect(share('chanakya')).toBeGreaterThan(0.85);
      expect(share('chanakya') - share('kruti-dev')).toBeGreaterThan(0.03);
    },
    60_000,
  );

  it.skipIf(!corpusAvailable)(
    `the loader's text of the Hindi volume: ≥ ${REGRESSION_FLOOR * 100} % of words in the dictionary`,
    async () => {
      const quality = decodingQuality(await loadedPageTexts(volume), open());
      expect(quality.pages.length).toBeGreaterThan(80);
      expect(quality.share).toBeGreaterThanOrEqual(REGRESSION_FLOOR);
    },
    120_000,
  );
});

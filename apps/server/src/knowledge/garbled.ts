/**
 * Detects text layers that decode to Latin mojibake. Legacy Indic fonts such as Kruti Dev map
 * Devanagari glyphs onto Latin code points, so a Hindi page extracts as "MkW- vEcsMdj lEiw.kZ
 * ok³~e;": real letters, but no language. Three token shapes give it away, and are all but
 * absent from English prose, even OCR-noisy prose:
 *   - case changes inside a word ("vNwrksa", "gSa"): glyph codes pick letters of either case;
 *   - symbols inside a word ("ok³~e;", "x;k&chrk"): matras and conjuncts land on punctuation;
 *   - letters without a vowel ("ckcklkgsc", "rq"), bar abbreviations like "pp".
 * Real English also hits a stopword list on about half of its tokens; mojibake almost never.
 * Only Latin-letter tokens are looked at, so Tamil or Unicode Hindi text is never judged.
 */

const ENGLISH_STOPWORDS = new Set(
  (
    'the of and to in a is that it for as was be by on not with are this which his he have ' +
    'from or at but an they their has had i we you all were been will one so there no if ' +
    'would can its them who what more than these only other such our may any also into those ' +
    'must when should my your me him her she'
  ).split(' '),
);

/** Two-letter lower-case tokens without a vowel that English does use. */
const VOWELLESS_PAIRS = new Set(
  'pp th nd rd st cf km kg mm cm ml hr mr dr sq ft lb rs vs nw sw ne se'.split(' '),
);

const EDGE_PUNCTUATION = /^[.,;:!?"'“”‘’()[\]—–\-*_]+|[.,;:!?"'“”‘’()[\]—–\-*_]+$/g;

/** Below this many Latin tokens there is too little text to judge. */
const MIN_TOKENS = 40;
/** Share of odd-shaped tokens above which text is mojibake (English: < 2 %, Kruti Dev: ~50 %). */
const ODD_TOKEN_SHARE = 0.25;
/** English stopword share below which text is not English (English: ~45 %, Kruti Dev: < 1 %). */
const STOPWORD_SHARE = 0.12;

export type GarbleStats = {
  /** Tokens with Latin letters; `latinShare` is their share of all tokens with letters. */
  tokens: number;
  latinShare: number;
  oddShare: number;
  stopwordShare: number;
};

/** Long texts are judged on evenly spaced windows; mojibake is never confined to one spot. */
const SAMPLE_WINDOWS = 20;
const WINDOW_CHARS = 5_000;

function sample(text: string): string {
  if (text.length <= SAMPLE_WINDOWS * WINDOW_CHARS * 2) return text;
  const step = Math.floor(text.length / SAMPLE_WINDOWS);
  const windows: string[] = [];
  for (let start = 0; start < text.length; start += step) {
    windows.push(text.slice(start, start + WINDOW_CHARS));
  }
  return windows.join(' ');
}

export function garbleStats(fullText: string): GarbleStats {
  const text = sample(fullText);
  let tokens = 0;
  let lettered = 0;
  let odd = 0;
  let stopwords = 0;
  for (const raw of text.split(/\s+/)) {
    const token = raw.replace(EDGE_PUNCTUATION, '');
    if (!/\p{L}/u.test(token)) continue;
    lettered++;
    if (!/[A-Za-z]/.test(token)) continue;
    tokens++;
    const letters = token.replace(/[^A-Za-z]/g, '');
    const isOdd =
      /[a-z][A-Z]/.test(token) ||
      /[^A-Za-z0-9'’\-.,]/.test(token) ||
      (letters.length >= 3 && !/[aeiouyAEIOUY]/.test(letters)) ||
      (/^[a-z]{2}$/.test(token) && !/[aeiouy]/.test(token) && !VOWELLESS_PAIRS.has(token));
    if (isOdd) odd++;
    if (ENGLISH_STOPWORDS.has(token.toLowerCase())) stopwords++;
  }
  return {
    tokens,
    latinShare: lettered ? tokens / lettered : 0,
    oddShare: tokens ? odd / tokens : 0,
    stopwordShare: tokens ? stopwords / tokens : 0,
  };
}

export function looksGarbled(text: string): boolean {
  const stats = garbleStats(text);
  return (
    stats.tokens >= MIN_TOKENS &&
    stats.latinShare >= 0.5 &&
    stats.oddShare >= ODD_TOKEN_SHARE &&
    stats.stopwordShare < STOPWORD_SHARE
  );
}

/**
 * The same test for one line, e.g. a Sanskrit verse in Kruti Dev quoted in an English book.
 * With so few tokens the bar is higher: most of them must be odd.
 */
export function looksGarbledLine(text: string): boolean {
  const stats = garbleStats(text);
  return (
    stats.tokens >= 3 &&
    stats.latinShare >= 0.5 &&
    stats.oddShare >= 0.5 &&
    // Kruti Dev writes the danda as "A", which reads as an English stopword.
    stats.stopwordShare < 0.25
  );
}

export const GARBLED_MESSAGE =
  'The text in this file is garbled: it looks like it was typeset in a legacy non-Unicode ' +
  'font (such as Kruti Dev for Hindi), so the extracted characters are not the real words. ' +
  'The file was not indexed. Use a Unicode edition of the document, or OCR its pages.';

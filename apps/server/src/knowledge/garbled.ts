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
 *
 * The PDF loader judges every line of a book, so the tokens are read in one pass over character
 * codes rather than with a regular expression per token and per test. The rules are those of
 * the regular expressions in the comments below, which the unit tests pin.
 */

/**
 * Short lower-case ASCII words as numbers (base 27, a = 1), so that tokens are looked up without
 * cutting them out of the text. Only a token of ASCII letters can lower-case to one of these: the
 * one other character that lower-cases into ASCII is the Kelvin sign, to a "k" none of them has.
 */
function wordKey(word: string): number {
  let key = 0;
  for (let i = 0; i < word.length; i++) key = key * 27 + ((word.charCodeAt(i) | 0x20) - 0x60);
  return key;
}
const keysOf = (words: string) => new Set(words.split(' ').map(wordKey));

const STOPWORDS =
  'the of and to in a is that it for as was be by on not with are this which his he have ' +
  'from or at but an they their has had i we you all were been will one so there no if ' +
  'would can its them who what more than these only other such our may any also into those ' +
  'must when should my your me him her she';
const ENGLISH_STOPWORDS = keysOf(STOPWORDS);
const MAX_KEYED = Math.max(...STOPWORDS.split(' ').map((word) => word.length));

/** Two-letter lower-case tokens without a vowel that English does use. */
const VOWELLESS_PAIRS = keysOf(
  'pp th nd rd st cf km kg mm cm ml hr mr dr sq ft lb rs vs nw sw ne se',
);

/**
 * What a code unit is to the tokenizer, as bits: SPACE for /\s/ (tokens are what
 * text.split(/\s+/) gives), EDGE for what is trimmed off both ends of a token
 * (/^[.,;:!?"'“”‘’()[\]—–\-*_]+|[…]+$/g), LETTER for [A-Za-z], PLAIN for what is not a symbol
 * inside a token ([A-Za-z0-9'’\-.,]), VOWEL for [aeiouyAEIOUY].
 */
const SPACE = 1;
const EDGE = 2;
const LETTER = 4;
const PLAIN = 8;
const VOWEL = 16;
const ASCII_CLASSES = new Uint8Array(0x80);
const mark = (characters: string, bits: number) => {
  for (const c of characters) {
    const code = c.charCodeAt(0);
    ASCII_CLASSES[code] = (ASCII_CLASSES[code] ?? 0) | bits;
  }
};
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
mark(' \t\n\v\f\r', SPACE);
mark('.,;:!?"\'()[]-*_', EDGE);
mark(ALPHABET + ALPHABET.toUpperCase(), LETTER | PLAIN);
mark("0123456789'-.,", PLAIN);
mark('aeiouyAEIOUY', VOWEL);

function classOf(code: number): number {
  if (code < 0x80) return ASCII_CLASSES[code] ?? 0;
  switch (code) {
    case 0x2019: // ’
      return EDGE | PLAIN;
    case 0x2018: // ‘
    case 0x201c: // “
    case 0x201d: // ”
    case 0x2013: // –
    case 0x2014: // —
      return EDGE;
    case 0xa0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202f:
    case 0x205f:
    case 0x3000:
    case 0xfeff:
      return SPACE;
    default:
      return code >= 0x2000 && code <= 0x200a ? SPACE : 0;
  }
}
const ANY_LETTER = /\p{L}/u;

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

/**
 * The token counts behind GarbleStats. They add up: the counts of texts joined with whitespace
 * are the sums of their counts, so a page or a book can be judged from its lines' counts.
 */
export type GarbleCounts = { lettered: number; tokens: number; odd: number; stopwords: number };

export const NO_TOKENS: GarbleCounts = { lettered: 0, tokens: 0, odd: 0, stopwords: 0 };

export function addCounts(a: GarbleCounts, b: GarbleCounts): GarbleCounts {
  return {
    lettered: a.lettered + b.lettered,
    tokens: a.tokens + b.tokens,
    odd: a.odd + b.odd,
    stopwords: a.stopwords + b.stopwords,
  };
}

/** Counts the token in text[runStart, runEnd), a run without whitespace, into `counts`. */
function countToken(text: string, runStart: number, runEnd: number, counts: GarbleCounts): void {
  let start = runStart;
  let end = runEnd;
  while (start < end && classOf(text.charCodeAt(start)) & EDGE) start++;
  while (end > start && classOf(text.charCodeAt(end - 1)) & EDGE) end--;
  let letters = 0;
  let upper = false;
  let vowel = false;
  let nonAscii = false;
  let lowerThenUpper = false; // /[a-z][A-Z]/
  let symbol = false; // /[^A-Za-z0-9'’\-.,]/
  let previousLower = false;
  let key = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    const bits = classOf(code);
    if (bits & LETTER) {
      letters++;
      key = key * 27 + ((code | 0x20) - 0x60);
      if (bits & VOWEL) vowel = true;
      const lower = code >= 0x61;
      if (!lower) upper = true;
      if (previousLower && !lower) lowerThenUpper = true;
      previousLower = lower;
      continue;
    }
    previousLower = false;
    if (code >= 0x80) nonAscii = true;
    if (!(bits & PLAIN)) symbol = true;
  }
  // /\p{L}/u: ASCII letters are the only letters below 0x80.
  if (letters === 0) {
    if (nonAscii && ANY_LETTER.test(text.slice(start, end))) counts.lettered++;
    return;
  }
  counts.lettered++;
  counts.tokens++;
  const keyed = letters === end - start && letters <= MAX_KEYED;
  const isOdd =
    lowerThenUpper ||
    symbol ||
    (letters >= 3 && !vowel) ||
    // /^[a-z]{2}$/ without a vowel.
    (keyed && letters === 2 && !upper && !vowel && !VOWELLESS_PAIRS.has(key));
  if (isOdd) counts.odd++;
  if (keyed && ENGLISH_STOPWORDS.has(key)) counts.stopwords++;
}

function countAll(text: string): GarbleCounts {
  const counts = { ...NO_TOKENS };
  let runStart = -1;
  for (let i = 0; i < text.length; i++) {
    if (classOf(text.charCodeAt(i)) & SPACE) {
      if (runStart >= 0) countToken(text, runStart, i, counts);
      runStart = -1;
    } else if (runStart < 0) {
      runStart = i;
    }
  }
  if (runStart >= 0) countToken(text, runStart, text.length, counts);
  return counts;
}

function statsOf(counts: GarbleCounts): GarbleStats {
  const { tokens, lettered, odd, stopwords } = counts;
  return {
    tokens,
    latinShare: lettered ? tokens / lettered : 0,
    oddShare: tokens ? odd / tokens : 0,
    stopwordShare: tokens ? stopwords / tokens : 0,
  };
}

/** Long texts are judged on evenly spaced windows; mojibake is never confined to one spot. */
const SAMPLE_WINDOWS = 20;
const WINDOW_CHARS = 5_000;
const SAMPLED_ABOVE = SAMPLE_WINDOWS * WINDOW_CHARS * 2;

function sample(text: string): string {
  if (text.length <= SAMPLED_ABOVE) return text;
  const step = Math.floor(text.length / SAMPLE_WINDOWS);
  const windows: string[] = [];
  for (let start = 0; start < text.length; start += step) {
    windows.push(text.slice(start, start + WINDOW_CHARS));
  }
  return windows.join(' ');
}

/** The counts that garbleStats gives shares of: of the text's sample when it is long. */
export function countGarble(text: string): GarbleCounts {
  return countAll(sample(text));
}

export function garbleStats(fullText: string): GarbleStats {
  return statsOf(countGarble(fullText));
}

export function isGarbledText(counts: GarbleCounts): boolean {
  const stats = statsOf(counts);
  return (
    stats.tokens >= MIN_TOKENS &&
    stats.latinShare >= 0.5 &&
    stats.oddShare >= ODD_TOKEN_SHARE &&
    stats.stopwordShare < STOPWORD_SHARE
  );
}

export function looksGarbled(text: string): boolean {
  return isGarbledText(countGarble(text));
}

/**
 * countGarble(texts.join(separator)) for a whitespace separator, from the countGarble of each
 * text: their sum, unless the joined text is long enough to be sampled, as the windows cut across
 * the texts. (Below that length no text was sampled either, so the counts add up.)
 */
export function countJoined(
  texts: readonly string[],
  counts: readonly GarbleCounts[],
  separator: '\n' | ' ' = '\n',
): GarbleCounts {
  let length = Math.max(texts.length - 1, 0);
  for (const text of texts) length += text.length;
  if (length > SAMPLED_ABOVE) return countGarble(texts.join(separator));
  return counts.reduce(addCounts, NO_TOKENS);
}

/**
 * The same test for one line, e.g. a Sanskrit verse in Kruti Dev quoted in an English book.
 * With so few tokens the bar is higher: most of them must be odd.
 */
export function isGarbledLine(counts: GarbleCounts): boolean {
  const stats = statsOf(counts);
  return (
    stats.tokens >= 3 &&
    stats.latinShare >= 0.5 &&
    stats.oddShare >= 0.5 &&
    // Kruti Dev writes the danda as "A", which reads as an English stopword.
    stats.stopwordShare < 0.25
  );
}

export function looksGarbledLine(text: string): boolean {
  return isGarbledLine(countGarble(text));
}

export const GARBLED_MESSAGE =
  'The text in this file is garbled: it looks like it was typeset in a legacy non-Unicode ' +
  'font (such as Kruti Dev for Hindi), so the extracted characters are not the real words. ' +
  'The file was not indexed. Use a Unicode edition of the document, or OCR its pages.';

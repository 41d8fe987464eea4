/**
 * Text analysis shared by indexing and querying. Words come from Unicode segmentation (UAX #29
 * via Intl.Segmenter), so Devanagari, Tamil, Bengali… words stay whole with their vowel signs.
 * Latin-script words are folded (NFKD without marks), stop words dropped and Porter-stemmed;
 * other scripts are only NFKC-normalised, because no stemmer or stop list here fits them.
 *
 * Speed: UAX #29 never joins a word across whitespace, so text is split at whitespace and each
 * distinct piece ("caste,", "B.R.", "சாதி") is segmented and analysed once, then cached. Index
 * builds thus mostly cost a split and a Map lookup per piece.
 */
import { stemmer } from 'stemmer';
import { eng } from 'stopword';

type PieceAnalysis = {
  /** Normalised words (before stop-word removal and stemming). */
  readonly words: readonly string[];
  /** Index terms; stop words are absent. */
  readonly terms: readonly string[];
  /** Question filler ("explain", "tell"): dropped from queries that have other terms. */
  readonly filler: boolean;
};

export type AnalyzedText = {
  terms: string[];
  /** Normalised words including stop words: texts with equal words have equal terms. */
  words: string[];
};

const STOP_WORDS: ReadonlySet<string> = new Set(eng);

/**
 * Words of chat questions that say how to answer rather than what to find ("What does Ambedkar
 * say about…", "Explain…"); they would otherwise pull in passages that merely use them.
 */
const QUERY_FILLER: ReadonlySet<string> = new Set([
  'does',
  'doing',
  'explain',
  'describe',
  'tell',
  'please',
  'according',
]);

/** Longer "words" are extraction debris (URLs, runs of glyphs), not something anyone searches. */
const MAX_WORD_LENGTH = 64;
/** Bounds the cache (~200 bytes an entry); the corpus's 3 MB of plain text has ~46k pieces. */
const MAX_CACHE_ENTRIES = 250_000;

/** Whitespace that separates words; U+FEFF is not here, as UAX #29 ignores it inside words. */
const WHITESPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
/**
 * One ASCII word between punctuation that cannot join words under UAX #29 (no "_", and "." or
 * "'" only at the ends): its word is plain, and segmenting it would only cost time.
 */
const PLAIN_PIECE = /^[("'[{\u201c\u2018]*([A-Za-z]+|[0-9]+)[)"'\]}.,;:!?\u201d\u2019]*$/;
const LATIN = /\p{Script=Latin}/u;
const MARKS = /\p{M}+/gu;
const DECIMAL_DIGIT = /\p{Nd}/u;
const APOSTROPHES = /[\u2019\u02bc\uff07]/g;
const POSSESSIVE = /'s?$/;
const NUMBER_SEPARATORS = /[,'\u066c]/g;
/** Zero code points of the decimal digit blocks of Indic scripts, mapped to ASCII digits. */
const DIGIT_ZEROS = [0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6];

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const cache = new Map<string, PieceAnalysis>();

/**
 * A flat copy: V8 may represent a substring as a view of its parent, and a cached view would keep
 * a whole chunk's text alive.
 */
function detach(value: string): string {
  return value.length < 13 ? value : JSON.parse(JSON.stringify(value));
}

function asciiDigits(word: string): string {
  let out = '';
  for (const char of word) {
    const code = char.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
    out += zero === undefined ? char : String.fromCharCode(48 + code - zero);
  }
  return out;
}

/** Adds the words and terms of one word-like segment. */
function analyzeWord(segment: string, words: string[], terms: string[]): void {
  if (segment.length > MAX_WORD_LENGTH) return;
  const word = segment.normalize('NFKC').toLowerCase();
  if (LATIN.test(word)) {
    const folded = word.normalize('NFKD').replace(MARKS, '').replace(APOSTROPHES, "'");
    // Dotted abbreviations ("B.R", "U.S") become their letters, so "B. R." and "B.R." match.
    for (const part of folded.replace(POSSESSIVE, '').split('.')) {
      if (part === '') continue;
      words.push(detach(part));
      if (!STOP_WORDS.has(part)) terms.push(detach(stemmer(part)));
    }
  } else if (DECIMAL_DIGIT.test(word)) {
    // "1,949" and "1949" are the same number to a reader; "१९४९" too.
    const digits = detach(asciiDigits(word).replace(NUMBER_SEPARATORS, ''));
    words.push(digits);
    terms.push(digits);
  } else {
    const kept = detach(word);
    words.push(kept);
    terms.push(kept);
  }
}

function analyzePiece(piece: string): PieceAnalysis {
  const words: string[] = [];
  const terms: string[] = [];
  const plain = PLAIN_PIECE.exec(piece)?.[1];
  if (plain !== undefined) analyzeWord(plain, words, terms);
  else {
    for (const { segment, isWordLike } of segmenter.segment(piece)) {
      if (isWordLike) analyzeWord(segment, words, terms);
    }
  }
  return { words, terms, filler: words.length === 1 && QUERY_FILLER.has(words[0] ?? '') };
}

function lookup(piece: string): PieceAnalysis {
  let analysis = cache.get(piece);
  if (analysis === undefined) {
    analysis = analyzePiece(piece);
    if (piece.length <= MAX_WORD_LENGTH) {
      if (cache.size >= MAX_CACHE_ENTRIES) cache.clear();
      cache.set(detach(piece), analysis);
    }
  }
  return analysis;
}

/** Index terms of a text, in order, repeats kept. */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const piece of text.split(WHITESPACE)) {
    if (piece === '') continue;
    for (const term of lookup(piece).terms) terms.push(term);
  }
  return terms;
}

/** Terms plus the normalised words, the latter for recognising duplicate passages. */
export function analyze(text: string): AnalyzedText {
  const terms: string[] = [];
  const words: string[] = [];
  for (const piece of text.split(WHITESPACE)) {
    if (piece === '') continue;
    const analysis = lookup(piece);
    for (const word of analysis.words) words.push(word);
    for (const term of analysis.terms) terms.push(term);
  }
  return { terms, words };
}

/**
 * Distinct query terms in order of first use. Stop words are never indexed, so a question made
 * only of them finds nothing whatever is kept; filler counts only when nothing else remains.
 */
export function tokenizeQuery(text: string): string[] {
  const terms: string[] = [];
  const filler: string[] = [];
  for (const piece of text.split(WHITESPACE)) {
    if (piece === '') continue;
    const analysis = lookup(piece);
    (analysis.filler ? filler : terms).push(...analysis.terms);
  }
  return [...new Set(terms.length > 0 ? terms : filler)];
}

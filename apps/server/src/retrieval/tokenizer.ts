/**
 * Text analysis shared by indexing and querying. Words come from Unicode segmentation (UAX #29
 * via Intl.Segmenter), so Devanagari, Tamil, Bengali… words stay whole with their vowel signs.
 * Latin-script words are folded (NFKD without marks), stop words dropped and Porter-stemmed;
 * Devanagari words are normalised, stop words dropped and light-stemmed as Hindi, or as Marathi
 * when the text reads as Marathi (devanagari.ts); Tamil words are stemmed by Snowball's Tamil
 * stemmer (nlp.js's port), since Tamil joins case endings and postpositions to its words
 * ("சாதிக்கு", "சாதியின்", "சாதிகள்" are all "சாதி"); other scripts are only NFKC-normalised,
 * because no stemmer or stop list here fits them.
 *
 * Speed: UAX #29 never joins a word across whitespace, so text is split at whitespace and each
 * distinct piece ("caste,", "B.R.", "சாதி") is segmented and analysed once, then cached. Index
 * builds thus mostly cost a split and a Map lookup per piece.
 */
import { StemmerTa } from '@nlpjs/lang-ta';
import { stemmer } from 'stemmer';
import { eng } from 'stopword';
import {
  DEVANAGARI_QUERY_FILLER,
  DEVANAGARI_STOP_WORDS,
  isDevanagari,
  marathiVote,
  normalizeDevanagari,
  stemHindi,
  stemMarathi,
} from './devanagari.ts';

type PieceAnalysis = {
  /** Normalised words (before stop-word removal and stemming). */
  readonly words: readonly string[];
  /** Index terms; stop words are absent. */
  readonly terms: readonly string[];
  /** The terms with Devanagari words stemmed as Marathi; absent when no term differs. */
  readonly marathiTerms: readonly string[] | undefined;
  /** Evidence that the text is Marathi rather than Hindi: the words' votes (devanagari.ts). */
  readonly marathiVote: number;
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
  ...DEVANAGARI_QUERY_FILLER,
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
const TAMIL = /\p{Script=Tamil}/u;
const tamilStemmer = new StemmerTa();
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

/** Indic digits as ASCII ones: "१९७५" is "1975". */
export function asciiDigits(word: string): string {
  let out = '';
  for (const char of word) {
    const code = char.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
    out += zero === undefined ? char : String.fromCharCode(48 + code - zero);
  }
  return out;
}

type PieceAccumulator = {
  words: string[];
  terms: string[];
  marathiTerms: string[] | undefined;
  marathiVote: number;
};

/** Adds a term, and its Marathi form, which is only kept apart once one differs. */
function addTerm(piece: PieceAccumulator, term: string, marathiTerm: string = term): void {
  piece.terms.push(term);
  if (piece.marathiTerms === undefined && marathiTerm !== term) {
    piece.marathiTerms = piece.terms.slice(0, -1);
  }
  piece.marathiTerms?.push(marathiTerm);
}

/** Adds the words and terms of one word-like segment. */
function analyzeWord(segment: string, piece: PieceAccumulator): void {
  if (segment.length > MAX_WORD_LENGTH) return;
  const word = segment.normalize('NFKC').toLowerCase();
  if (LATIN.test(word)) {
    const folded = word.normalize('NFKD').replace(MARKS, '').replace(APOSTROPHES, "'");
    // Dotted abbreviations ("B.R", "U.S") become their letters, so "B. R." and "B.R." match.
    for (const part of folded.replace(POSSESSIVE, '').split('.')) {
      if (part === '') continue;
      piece.words.push(detach(part));
      if (!STOP_WORDS.has(part)) addTerm(piece, detach(stemmer(part)));
    }
  } else if (DECIMAL_DIGIT.test(word)) {
    // "1,949" and "1949" are the same number to a reader; "१९४९" too.
    const digits = detach(asciiDigits(word).replace(NUMBER_SEPARATORS, ''));
    piece.words.push(digits);
    addTerm(piece, digits);
  } else if (isDevanagari(word)) {
    const normalized = normalizeDevanagari(word);
    if (normalized === '') return;
    piece.words.push(detach(normalized));
    piece.marathiVote += marathiVote(normalized);
    if (!DEVANAGARI_STOP_WORDS.has(normalized)) {
      addTerm(piece, detach(stemHindi(normalized)), detach(stemMarathi(normalized)));
    }
  } else {
    const kept = detach(word);
    piece.words.push(kept);
    addTerm(piece, TAMIL.test(word) ? detach(tamilStemmer.stemWord(word)) : kept);
  }
}

function analyzePiece(text: string): PieceAnalysis {
  const piece: PieceAccumulator = { words: [], terms: [], marathiTerms: undefined, marathiVote: 0 };
  const plain = PLAIN_PIECE.exec(text)?.[1];
  if (plain !== undefined) analyzeWord(plain, piece);
  else {
    for (const { segment, isWordLike } of segmenter.segment(text)) {
      if (isWordLike) analyzeWord(segment, piece);
    }
  }
  const { words } = piece;
  return { ...piece, filler: words.length === 1 && QUERY_FILLER.has(words[0] ?? '') };
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

/**
 * The analyses of a text's pieces, and whether its Devanagari words are stemmed as Marathi: the
 * language is the whole text's (a passage's, a question's), so its words are stemmed alike.
 */
function analyzePieces(text: string): { pieces: PieceAnalysis[]; marathi: boolean } {
  const pieces: PieceAnalysis[] = [];
  let vote = 0;
  let hasMarathiTerms = false;
  for (const piece of text.split(WHITESPACE)) {
    if (piece === '') continue;
    const analysis = lookup(piece);
    pieces.push(analysis);
    vote += analysis.marathiVote;
    if (analysis.marathiTerms !== undefined) hasMarathiTerms = true;
  }
  return { pieces, marathi: hasMarathiTerms && vote > 0 };
}

function termsOf(analysis: PieceAnalysis, marathi: boolean): readonly string[] {
  return marathi ? (analysis.marathiTerms ?? analysis.terms) : analysis.terms;
}

/** Index terms of a text, in order, repeats kept. */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  const { pieces, marathi } = analyzePieces(text);
  for (const analysis of pieces) for (const term of termsOf(analysis, marathi)) terms.push(term);
  return terms;
}

/** Terms plus the normalised words, the latter for recognising duplicate passages. */
export function analyze(text: string): AnalyzedText {
  const terms: string[] = [];
  const words: string[] = [];
  const { pieces, marathi } = analyzePieces(text);
  for (const analysis of pieces) {
    for (const word of analysis.words) words.push(word);
    for (const term of termsOf(analysis, marathi)) terms.push(term);
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
  const { pieces, marathi } = analyzePieces(text);
  for (const analysis of pieces) {
    (analysis.filler ? filler : terms).push(...termsOf(analysis, marathi));
  }
  return [...new Set(terms.length > 0 ? terms : filler)];
}

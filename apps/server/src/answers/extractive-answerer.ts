/**
 * The offline answerer: no LLM, only the retrieved passages. It picks the sentences of the top
 * passages that best match the question, drops near-repeats, and quotes them with their
 * citation marker and page. It never writes a claim of its own, so it cannot invent one.
 */
import type { Source } from '@samvad/contracts/sources';
import { splitSentences } from '../knowledge/language.ts';
import { presentSource } from '../presenters/source-presenter.ts';
import { tokenize, tokenizeQuery } from '../retrieval/tokenizer.ts';
import type { Passage } from '../services/knowledge-index.ts';
import { pageOf } from './passage-location.ts';

/**
 * The knowledge base is taken not to cover a question when the best passage contains less than
 * this share of the question's search terms. A share, not a BM25 score: normalised BM25 scales with
 * the corpus (Kalpit's best passages score about 0.1 alone and about 0.3 with the whole corpus as
 * distractors), so a score threshold calibrated on one corpus is wrong on another. On the 22
 * answerable Kalpit questions the best passage covers at least 0.14 of the terms, alone and with
 * distractors; 0.12 keeps all of them. Lexical signals cannot tell the 3 unanswerable questions
 * apart with the distractors (one covers 0.80 of its terms): "What year was Ambedkar born?" matches
 * "I was born in Sind…" in the debates. A dense or reranker score is the next lever.
 */
export const NOT_COVERED_THRESHOLD = 0.12;

export const NOT_COVERED_ANSWER =
  "The writings in the knowledge base do not cover this question, so I can't answer it from them.";

export const ANSWER_OPENING =
  'Here are the most relevant passages from the writings in the knowledge base:';

export type ExtractiveOptions = {
  /** Passages read, best first (default 5). */
  maxPassages?: number;
  /** Sentences quoted at most (default 4) and at least, when there are enough (default 2). */
  maxSentences?: number;
  minSentences?: number;
  /** Least share of the question's terms the best passage must contain (NOT_COVERED_THRESHOLD). */
  threshold?: number;
};

export type ExtractiveAnswer = { answer: string; sources: Source[]; covered: boolean };

type Candidate = {
  passageRank: number;
  position: number;
  text: string;
  terms: Set<string>;
  score: number;
};

/** BM25 over the candidate sentences as a small collection. */
const K1 = 1.2;
const B = 0.75;
/** Weight of the sentence's own match against its passage's retrieval score. */
const SENTENCE_WEIGHT = 0.75;
/** A sentence sharing this share of its terms with a chosen one adds nothing. */
const REDUNDANCY_OVERLAP = 0.6;
/** Sentences beyond the minimum must score at least this share of the best one. */
const EXTRA_SENTENCE_SHARE = 0.5;
/** Headings and fragments are not worth quoting; run-ons are cut. */
const MIN_SENTENCE_WORDS = 5;
const MAX_QUOTE_CHARS = 400;

export function answerExtractively(
  question: string,
  passages: Passage[],
  options: ExtractiveOptions = {},
): ExtractiveAnswer {
  const threshold = options.threshold ?? NOT_COVERED_THRESHOLD;
  const maxSentences = options.maxSentences ?? 4;
  const minSentences = Math.min(options.minSentences ?? 2, maxSentences);
  // Retrieval's order (fused ranks), not the display score, says which passages are best.
  const top = passages.slice(0, options.maxPassages ?? 5);
  const best = top[0];
  const queryTerms = tokenizeQuery(question);
  if (!best || (queryTerms.length === 0 && threshold > 0)) return notCovered();
  if (threshold > 0 && termCoverage(queryTerms, best.text) < threshold) {
    return notCovered();
  }

  const candidates = scoreSentences(queryTerms, top);
  let chosen = choose(candidates, minSentences, maxSentences);
  // A question in another language shares no word with the writings: once the caller has found
  // them covering it (by meaning), the best passages' opening sentences are quoted instead.
  if (chosen.length === 0 && threshold === 0) chosen = openings(candidates, minSentences);
  if (chosen.length === 0) return notCovered();

  // Readable order: passage by passage (best passage first), each in its own reading order.
  chosen.sort((a, b) => a.passageRank - b.passageRank || a.position - b.position);
  const citationOf = new Map<number, number>();
  const sources: Source[] = [];
  const lines = [ANSWER_OPENING, ''];
  for (const sentence of chosen) {
    const passage = top[sentence.passageRank];
    if (!passage) continue;
    let citation = citationOf.get(sentence.passageRank);
    if (citation === undefined) {
      sources.push(presentSource(passage));
      citation = sources.length;
      citationOf.set(sentence.passageRank, citation);
    }
    lines.push(`> “${quote(sentence.text)}” [${citation}] (${where(passage)})`, '');
  }
  return { answer: lines.join('\n').trimEnd(), sources, covered: true };
}

/** The share of the query terms that occur in the text. */
export function termCoverage(queryTerms: string[], text: string): number {
  const present = new Set(tokenize(text));
  return queryTerms.filter((term) => present.has(term)).length / queryTerms.length;
}

function notCovered(): ExtractiveAnswer {
  return { answer: NOT_COVERED_ANSWER, sources: [], covered: false };
}

function scoreSentences(queryTerms: string[], passages: Passage[]): Candidate[] {
  const raw: Array<Omit<Candidate, 'score'> & { tf: Map<string, number>; length: number }> = [];
  passages.forEach((passage, passageRank) => {
    splitSentences(passage.text).forEach((text, position) => {
      const clean = text.replace(/\s+/g, ' ').trim();
      const terms = tokenize(clean);
      if (clean.split(' ').length < MIN_SENTENCE_WORDS || terms.length === 0) return;
      const tf = new Map<string, number>();
      for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
      raw.push({
        passageRank,
        position,
        text: clean,
        terms: new Set(terms),
        tf,
        length: terms.length,
      });
    });
  });
  if (raw.length === 0) return [];
  const averageLength = raw.reduce((sum, s) => sum + s.length, 0) / raw.length;
  const idf = new Map<string, number>();
  for (const term of queryTerms) {
    const df = raw.filter((s) => s.tf.has(term)).length;
    idf.set(term, Math.log(1 + (raw.length - df + 0.5) / (df + 0.5)));
  }
  const bound = queryTerms.reduce((sum, term) => sum + (idf.get(term) ?? 0) * (K1 + 1), 0);
  const topScore = Math.max(0, ...passages.map((passage) => passage.score)) || 1;
  return raw.map(({ tf, length, ...sentence }) => {
    let match = 0;
    for (const term of queryTerms) {
      const count = tf.get(term) ?? 0;
      if (count === 0) continue;
      const norm = K1 * (1 - B + (B * length) / averageLength);
      match += ((idf.get(term) ?? 0) * count * (K1 + 1)) / (count + norm);
    }
    const passageScore = topScore > 0 ? (passages[sentence.passageRank]?.score ?? 0) / topScore : 0;
    const sentenceScore = bound > 0 ? match / bound : 0;
    return {
      ...sentence,
      // A sentence that shares no term with the question is never quoted.
      score: match > 0 ? SENTENCE_WEIGHT * sentenceScore + (1 - SENTENCE_WEIGHT) * passageScore : 0,
    };
  });
}

function choose(candidates: Candidate[], minimum: number, maximum: number): Candidate[] {
  const ranked = candidates
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.passageRank - b.passageRank || a.position - b.position);
  const bestScore = ranked[0]?.score ?? 0;
  const chosen: Candidate[] = [];
  for (const candidate of ranked) {
    if (chosen.length >= maximum) break;
    if (chosen.length >= minimum && candidate.score < bestScore * EXTRA_SENTENCE_SHARE) break;
    if (chosen.some((c) => overlap(c.terms, candidate.terms) >= REDUNDANCY_OVERLAP)) continue;
    chosen.push(candidate);
  }
  return chosen;
}

/** The first sentence of each of the best passages, best passage first. */
function openings(candidates: Candidate[], count: number): Candidate[] {
  const firsts = new Map<number, Candidate>();
  for (const candidate of candidates) {
    const held = firsts.get(candidate.passageRank);
    if (!held || candidate.position < held.position) firsts.set(candidate.passageRank, candidate);
  }
  return [...firsts.values()].sort((a, b) => a.passageRank - b.passageRank).slice(0, count);
}

/** Shared terms over the smaller set: a sentence repeated inside a longer one counts as 1. */
export function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size === 0) return 0;
  let shared = 0;
  for (const term of small) if (large.has(term)) shared++;
  return shared / small.size;
}

/** Markdown-safe quote text: no raw HTML, no accidental emphasis or headings, bounded length. */
function quote(text: string): string {
  const cut =
    text.length > MAX_QUOTE_CHARS
      ? `${text.slice(0, MAX_QUOTE_CHARS).replace(/\s+\S*$/, '')} …`
      : text;
  return cut
    .replace(/[<>]/g, (char) => (char === '<' ? '‹' : '›'))
    .replace(/([*_`[\]\\])/g, '\\$1');
}

/** "speech1.txt" or "book.pdf, p. 26": the printed page label when known, else the PDF page. */
function where(passage: Passage): string {
  const page = pageOf(passage);
  return page ? `${passage.fileName}, p. ${page}` : passage.fileName;
}

/** Stream tokens: each word with the whitespace after it; joined, they give the answer back. */
export function tokensOf(answer: string): string[] {
  return answer.match(/\s+|\S+\s*/gy) ?? [];
}

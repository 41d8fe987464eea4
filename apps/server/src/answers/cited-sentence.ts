/**
 * The sentence of a passage that an answer cites: what 'Post as quote' quotes (issue 20), rather
 * than the passage's opening. The answer's text carrying a source's [n] marker (the quotation
 * before it in an offline answer, else the sentence it ends) is matched, word by word, against
 * the passage's sentences; the best match wins. The offline answerer quotes passage text
 * verbatim, often a lead with the sentence before it: of the sentences quoted word for word, the
 * one closest to the question is the cited one. A model's paraphrase still finds the sentence it
 * drew on.
 */
import { SOURCE_EXCERPT_MAX_LENGTH, type Source } from '@samvad/contracts/sources';
import { excerptOf, passageTextOf } from '../presenters/source-presenter.ts';
import { tokenize } from '../retrieval/tokenizer.ts';
import { sentencesOf } from './quotable.ts';

/** `[3]`, `[1, 4]`: one bracket of citation numbers (as citations.ts writes them). */
const MARKER = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;
/** Where a sentence of the answer starts: after a sentence end, a line break or another marker. */
const SENTENCE_START = /(?:[.!?।]["'”’)]*\s+|\n+|\]\s*)/g;
/** An answer's cited text is read back this far at most. */
const MAX_SEGMENT_CHARS = 1200;
/** Below this match (F1 of shared words) the passage holds no sentence the answer drew on. */
const MIN_MATCH = 0.3;
const MIN_SHARED_TERMS = 2;
/** A passage sentence this much inside the cited text was quoted, not paraphrased. */
const QUOTED = 0.9;

/** For each citation number, the pieces of the answer that carry it, in reading order. */
export function citedSegments(answer: string): Map<number, string[]> {
  const segments = new Map<number, string[]>();
  for (const match of answer.matchAll(MARKER)) {
    const segment = segmentBefore(answer.slice(0, match.index));
    if (!segment) continue;
    for (const number of (match[1] ?? '').split(',').map((n) => Number(n.trim()))) {
      const list = segments.get(number) ?? [];
      list.push(segment);
      segments.set(number, list);
    }
  }
  return segments;
}

/** The quotation just before a marker (“…” [1]), else the sentence the marker ends. */
function segmentBefore(before: string): string {
  const text = before.slice(-MAX_SEGMENT_CHARS).trimEnd();
  const close = text.at(-1);
  if (close === '”' || close === '"') {
    const open = text.lastIndexOf(close === '”' ? '“' : '"', text.length - 2);
    if (open >= 0) return text.slice(open + 1, -1).trim();
  }
  // "…a claim. [1]": the sentence before the marker, not the empty one after its full stop.
  const body = text.replace(/[.!?।]["'”’)]*$/, '');
  let start = 0;
  for (const boundary of body.matchAll(SENTENCE_START)) start = boundary.index + boundary[0].length;
  return body.slice(start).trim();
}

type Scored = { text: string; terms: Set<string>; match: number; inside: number };

/** Opens with a word that points back to the sentence before: "This is why…", "It is…". */
const POINTS_BACK =
  /^(?:this|that|these|those|such|thus|so|hence|therefore|it|he|she|they|his|their)\b/i;

/**
 * The passage's sentence that the segments cite, within the excerpt's length; undefined when no
 * sentence matches well enough. Of several sentences quoted word for word (an offline answer
 * quotes a lead with its context), the one sharing most with the question is the cited one.
 */
export function citedSentence(
  segments: readonly string[],
  passageText: string,
  question = '',
): string | undefined {
  const sentences = sentencesOf(passageText).filter((sentence) => sentence.text.length > 0);
  const asked = new Set(tokenize(question));
  let best: { scored: Scored[]; at: number; rank: number[] } | null = null;
  for (const segment of segments) {
    const wanted = new Set(tokenize(segment));
    if (wanted.size === 0) continue;
    const scored = sentences.map((sentence): Scored => {
      const terms = new Set(tokenize(sentence.text));
      let shared = 0;
      for (const term of terms) if (wanted.has(term)) shared++;
      const inside = terms.size === 0 ? 0 : shared / terms.size;
      const covers = shared / wanted.size;
      const match =
        shared === 0 || shared < Math.min(MIN_SHARED_TERMS, terms.size)
          ? 0
          : (2 * inside * covers) / (inside + covers);
      return { text: sentence.text, terms, match, inside };
    });
    scored.forEach((candidate, at) => {
      if (candidate.match < MIN_MATCH) return;
      const quoted = candidate.inside >= QUOTED && candidate.terms.size >= MIN_SHARED_TERMS;
      let fromQuestion = 0;
      for (const term of candidate.terms) if (asked.has(term)) fromQuestion++;
      // Quoted beats paraphrased; then the question's words; then the match. Strictly better
      // only: the first segment (the first citation) wins ties.
      const rank = [quoted ? 1 : 0, quoted ? fromQuestion : 0, candidate.match];
      if (!best || isBetter(rank, best.rank)) best = { scored, at, rank };
    });
  }
  if (!best) return undefined;
  const { scored, at } = best as { scored: Scored[]; at: number };
  return excerptOf(withNeededContext(scored, at));
}

function isBetter(rank: readonly number[], than: readonly number[]): boolean {
  for (let i = 0; i < rank.length; i++) {
    const [a, b] = [rank[i] ?? 0, than[i] ?? 0];
    if (a !== b) return a > b;
  }
  return false;
}

/** The sentence, with the one before when it points back to it and the answer quoted both. */
function withNeededContext(scored: readonly Scored[], at: number): string {
  const sentence = scored[at];
  const before = scored[at - 1];
  if (!sentence) return '';
  if (
    before &&
    POINTS_BACK.test(sentence.text) &&
    sentence.inside >= QUOTED &&
    before.inside >= QUOTED &&
    before.text.length + sentence.text.length < SOURCE_EXCERPT_MAX_LENGTH
  ) {
    return `${before.text} ${sentence.text}`;
  }
  return sentence.text;
}

/**
 * The sources with the sentence each one's citation quotes (`quote`), for sources presented in
 * this process (their passage's text is at hand); others are returned as they are.
 */
export function withCitedQuotes(
  answer: string,
  sources: readonly Source[],
  question = '',
): Source[] {
  const segments = citedSegments(answer);
  return sources.map((source, index) => {
    const cited = segments.get(index + 1);
    const passage = passageTextOf(source);
    if (!cited || passage === undefined || source.quote) return source;
    const quote = citedSentence(cited, passage, question);
    return quote ? { ...source, quote } : source;
  });
}

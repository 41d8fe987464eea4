/**
 * Deterministic benchmark queries drawn from the real text. Lengths 1–12 are equally common, so
 * short keyword look-ups and long pasted phrases weigh the same in the percentiles.
 */
import { existsSync, readFileSync } from 'node:fs';
import { pick, type Random, randomInt } from './prng.ts';

export type QueryKind = 'kalpit' | 'span' | 'bag';
export type BenchQuery = { kind: QueryKind; text: string };

export const MAX_QUERY_WORDS = 12;
const WORD = /^\p{L}{3,}$/u;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** The Kalpit evaluation questions: real chat questions, asked as users would. */
export function kalpitQuestions(file: string): string[] {
  if (!existsSync(file)) return [];
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const items = (parsed as { test_questions?: { question?: unknown }[] }).test_questions ?? [];
  return items.map((item) => item.question).filter((q): q is string => typeof q === 'string');
}

/** Distinct lower-case letter-only words, sorted so the draw depends only on the seed. */
export function vocabulary(sentences: readonly string[][]): string[] {
  const words = new Set<string>();
  for (const sentence of sentences) {
    for (const raw of sentence) {
      const word = raw.replace(EDGE_PUNCTUATION, '').toLowerCase();
      if (WORD.test(word)) words.add(word);
    }
  }
  return [...words].sort();
}

/**
 * `count` queries: the Kalpit questions first, then in equal shares runs of consecutive words
 * from a sentence ("span", phrased like the text, stop words included) and random vocabulary
 * words ("bag", mostly rare terms with short postings), then shuffled together.
 */
export function benchQueries(
  sentences: readonly string[][],
  kalpit: readonly string[],
  count: number,
  random: Random,
): BenchQuery[] {
  const queries: BenchQuery[] = kalpit.slice(0, count).map((text) => ({ kind: 'kalpit', text }));
  const vocab = vocabulary(sentences);
  const long = sentences.filter((sentence) => sentence.length >= MAX_QUERY_WORDS);
  if (vocab.length === 0 || long.length === 0) throw new Error('Too little text for queries');
  for (let i = 0; queries.length < count; i++) {
    const words = 1 + (i % MAX_QUERY_WORDS);
    // Kinds alternate per block of 12 so each kind gets every length equally often.
    if (Math.floor(i / MAX_QUERY_WORDS) % 2 === 0) {
      const sentence = pick(random, long);
      const start = randomInt(random, 0, sentence.length - words);
      queries.push({ kind: 'span', text: sentence.slice(start, start + words).join(' ') });
    } else {
      const bag = Array.from({ length: words }, () => pick(random, vocab));
      queries.push({ kind: 'bag', text: bag.join(' ') });
    }
  }
  // Fisher–Yates, so neither index sees one kind in a long run (caches, branch predictors).
  for (let i = queries.length - 1; i > 0; i--) {
    const j = randomInt(random, 0, i);
    [queries[i], queries[j]] = [queries[j] as BenchQuery, queries[i] as BenchQuery];
  }
  return queries;
}

/** Words only, joined with OR: websearch_to_tsquery would otherwise AND them and read "-" as NOT. */
export function orTsQuery(text: string): string {
  return text
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .split(/\s+/u)
    .filter((word) => word !== '' && !['or', 'and', 'not'].includes(word.toLowerCase()))
    .join(' or ');
}

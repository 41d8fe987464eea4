/**
 * A deterministic synthetic corpus built from the real text: the real corpus is ~1,000× too
 * small to show how the index scales, and made-up words would not have real term statistics.
 */
import { createHash } from 'node:crypto';
import { type Random, randomInt } from './prng.ts';

export type SyntheticChunk = { id: string; text: string };
export type SyntheticDocument = { id: string; chunks: SyntheticChunk[] };

/** Sentence ends, including the Devanagari danda used by the Hindi volumes. */
const SENTENCE_END = /(?<=[.!?;\u0964\u0965])\s+/u;
const WHITESPACE = /\s+/u;
/** Shorter pieces are mostly headings and page furniture; longer ones are extraction debris. */
const MIN_SENTENCE_WORDS = 4;
const MAX_SENTENCE_WORDS = 80;

export const CHUNKS_PER_DOCUMENT = 50;
export const MIN_CHUNK_WORDS = 250;
export const MAX_CHUNK_WORDS = 350;

/**
 * Distinct sentences of the texts, each a list of words, sorted: the database returns chunks in
 * no fixed order and their ids are random, so sorting is what makes a seed reproducible.
 */
export function sentencePool(texts: Iterable<string>): string[][] {
  const distinct = new Set<string>();
  for (const text of texts) {
    for (const sentence of text.split(SENTENCE_END)) {
      const words = sentence.split(WHITESPACE).filter((word) => word !== '');
      if (words.length >= MIN_SENTENCE_WORDS && words.length <= MAX_SENTENCE_WORDS) {
        distinct.add(words.join(' '));
      }
    }
  }
  return [...distinct].sort().map((sentence) => sentence.split(' '));
}

/**
 * `count` chunks of 250–350 words (uniform), each made of random sentences, the last one cut
 * at the chunk's length, grouped into documents of 50 chunks.
 */
export function syntheticCorpus(
  sentences: readonly string[][],
  count: number,
  random: Random,
): SyntheticDocument[] {
  if (sentences.length === 0) throw new Error('No sentences to build a synthetic corpus from');
  const documents: SyntheticDocument[] = [];
  for (let n = 0; n < count; n++) {
    if (n % CHUNKS_PER_DOCUMENT === 0) {
      documents.push({ id: `syn-doc-${pad(documents.length)}`, chunks: [] });
    }
    const target = randomInt(random, MIN_CHUNK_WORDS, MAX_CHUNK_WORDS);
    const words: string[] = [];
    while (words.length < target) {
      const sentence = sentences[Math.floor(random() * sentences.length)] ?? [];
      words.push(...sentence.slice(0, target - words.length));
    }
    documents.at(-1)?.chunks.push({ id: `syn-${pad(n)}`, text: words.join(' ') });
  }
  return documents;
}

function pad(n: number): string {
  return String(n).padStart(6, '0');
}

/** SHA-256 over every chunk and query, so two runs can show they measured the same input. */
export function corpusFingerprint(
  documents: readonly SyntheticDocument[],
  queries: readonly string[],
): string {
  const hash = createHash('sha256');
  for (const document of documents) {
    for (const chunk of document.chunks)
      hash.update(`${document.id}\0${chunk.id}\0${chunk.text}\0`);
  }
  for (const query of queries) hash.update(`${query}\0`);
  return hash.digest('hex').slice(0, 16);
}

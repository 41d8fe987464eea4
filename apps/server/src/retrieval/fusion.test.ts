import { describe, expect, it } from 'vitest';
import { Bm25Index, scriptOf } from './bm25-index.ts';
import { HYBRID_RRF_K, HybridRetriever, reciprocalRankFusion } from './fusion.ts';
import { Bm25Retriever, type RetrievedChunk, type Retriever } from './retriever.ts';
import { DenseRetriever, VectorIndex } from './vector-index.ts';

const chunk = (chunkId: string, score = 0.5): RetrievedChunk => ({
  chunkId,
  documentId: `doc-${chunkId}`,
  score,
  rawScore: score,
});

describe('reciprocalRankFusion', () => {
  it('sums 1 / (k + rank) over the rankings', () => {
    const fused = reciprocalRankFusion([
      [chunk('a'), chunk('b'), chunk('c')],
      [chunk('c'), chunk('a'), chunk('d')],
    ]);
    expect(fused.map((entry) => entry.chunkId)).toEqual(['a', 'c', 'b', 'd']);
    expect(fused[0]?.fusedScore).toBeCloseTo(1 / 61 + 1 / 62, 15);
    expect(fused[1]?.fusedScore).toBeCloseTo(1 / 63 + 1 / 61, 15);
    expect(fused[2]?.fusedScore).toBeCloseTo(1 / 62, 15);
    expect(fused[3]?.sources).toEqual([undefined, chunk('d')]);
  });

  it('honours k, orders ties by chunk id and counts a repeated chunk once per ranking', () => {
    const fused = reciprocalRankFusion([[chunk('y'), chunk('y')], [chunk('x')]], { k: 1 });
    expect(fused.map((entry) => [entry.chunkId, entry.fusedScore])).toEqual([
      ['x', 0.5],
      ['y', 0.5],
    ]);
    expect(reciprocalRankFusion([])).toEqual([]);
  });
});

/** Deterministic toy embedding: letter frequencies, enough to make "similar" texts close. */
async function embed(text: string): Promise<Float32Array> {
  const vector = new Float32Array(26).fill(0.01);
  for (const char of text.toLowerCase()) {
    const code = char.charCodeAt(0) - 97;
    if (code >= 0 && code < 26) vector[code] = (vector[code] ?? 0) + 1;
  }
  return vector;
}

const chunks = [
  { id: 'lex', text: 'Annihilation of caste requires destroying the shastras' },
  { id: 'both', text: 'caste caste caste' },
  { id: 'other', text: 'Political democracy and social democracy' },
];

function lexical(): Bm25Retriever {
  const bm25 = new Bm25Index();
  bm25.upsertDocument('doc', chunks);
  return new Bm25Retriever(bm25);
}

async function hybridSetup(dense?: Retriever, onDenseError?: (error: unknown) => void) {
  const vectors = new VectorIndex();
  vectors.upsertDocument(
    'doc',
    await Promise.all(chunks.map(async ({ id, text }) => ({ id, vector: await embed(text) }))),
  );
  return new HybridRetriever({
    lexical: lexical(),
    dense: dense ?? new DenseRetriever({ index: vectors, embedQuery: embed }),
    ...(onDenseError ? { onDenseError } : {}),
  });
}

describe('HybridRetriever', () => {
  it('fuses both sides, showing the lexical score when the lexical side found the chunk', async () => {
    const hybrid = await hybridSetup();
    const bm25Alone = await lexical().search({ text: 'caste', limit: 5 });
    expect(bm25Alone.map((hit) => hit.chunkId)).toEqual(['both', 'lex']);
    const hits = await hybrid.search({ text: 'caste', limit: 3 });
    expect(hits.map((hit) => hit.chunkId)).toEqual(['both', 'lex', 'other']);
    expect(hits[0]?.score).toBe(bm25Alone[0]?.score);
    const k = HYBRID_RRF_K;
    expect(hits[0]?.rawScore).toBeCloseTo(2 / (k + 1), 15);
    // Only the dense side returned "other" (third): its display score is its scaled fused score.
    expect(hits[2]?.score).toBeCloseTo(1 / (k + 3) / (2 / (k + 1)), 12);
    expect(await hybrid.search({ text: 'caste', limit: 1 })).toHaveLength(1);
  });

  it('answers from the lexical side when the dense side fails and a handler is given', async () => {
    const errors: unknown[] = [];
    const failing: Retriever = { search: () => Promise.reject(new Error('embedder down')) };
    const hybrid = await hybridSetup(failing, (error) => errors.push(error));
    const hits = await hybrid.search({ text: 'caste', limit: 3 });
    expect(hits.map((hit) => hit.chunkId)).toEqual(['both', 'lex']);
    expect(errors).toEqual([new Error('embedder down')]);
    const strict = await hybridSetup(failing);
    await expect(strict.search({ text: 'caste', limit: 3 })).rejects.toThrow('embedder down');
  });
});

describe('HybridRetriever across scripts', () => {
  // An English library with one Hindi book: the Hindi question's words and its meaning both
  // find the Hindi book; the English passage that answers it is the dense side's third.
  const library = new Bm25Index();
  library.upsertDocument('en-1', [
    { id: 'en-a', text: 'The Congress party won the vote on the national language.' },
  ]);
  library.upsertDocument('en-2', [{ id: 'en-b', text: 'Caste is a state of mind, a notion.' }]);
  library.upsertDocument('hi', [
    { id: 'hi-a', text: 'राष्ट्रभाषा कांग्रेस पार्टी बैठक' },
    { id: 'hi-b', text: 'कांग्रेस पार्टी चुनाव' },
  ]);
  const asked: (string[] | null)[] = [];
  const dense: Retriever = {
    async search(query) {
      asked.push(query.documentIds ? [...query.documentIds].sort() : null);
      const ranked = [
        { chunkId: 'hi-a', documentId: 'hi', similarity: 0.9 },
        { chunkId: 'hi-b', documentId: 'hi', similarity: 0.88 },
        { chunkId: 'en-a', documentId: 'en-1', similarity: 0.86 },
        { chunkId: 'en-b', documentId: 'en-2', similarity: 0.8 },
      ].filter((hit) => !query.documentIds || query.documentIds.has(hit.documentId));
      return ranked.map(({ similarity, ...hit }) => ({
        ...hit,
        score: similarity,
        rawScore: similarity,
        denseScore: similarity,
      }));
    },
  };
  const hybrid = (crossScriptWeight: number) =>
    new HybridRetriever({
      lexical: new Bm25Retriever(library),
      dense,
      crossScriptWeight,
      scripts: { ofQuery: scriptOf, library: () => library.scripts() },
    });

  it("also searches a question in another script among the main script's documents", async () => {
    expect(library.scripts().main).toBe('en');
    asked.length = 0;
    const without = await hybrid(0).search({ text: 'कांग्रेस पार्टी राष्ट्रभाषा', limit: 2 });
    expect(without.map((hit) => hit.chunkId)).toEqual(['hi-a', 'hi-b']);
    expect(asked).toEqual([null]);
    asked.length = 0;
    const hits = await hybrid(1).search({ text: 'कांग्रेस पार्टी राष्ट्रभाषा', limit: 2 });
    expect(hits.map((hit) => hit.chunkId)).toEqual(['hi-a', 'en-a']);
    expect(hits[1]?.denseScore).toBe(0.86);
    expect(asked).toEqual([null, ['en-1', 'en-2']]);
  });

  it('searches a question in the main script once', async () => {
    asked.length = 0;
    await hybrid(2).search({ text: 'the national language vote', limit: 2 });
    expect(asked).toEqual([null]);
  });
});

describe('HybridRetriever without short chunks on the dense side', () => {
  it('leaves chunks under minDenseWords out of the dense ranking only', async () => {
    const bm25 = new Bm25Index();
    bm25.upsertDocument('d', [
      { id: 'ruling', text: 'PRESIDENT: We shall take it as moved.' },
      {
        id: 'speech',
        text: 'The Constitution is workable, it is flexible and it is strong enough.',
      },
    ]);
    expect(bm25.wordsOf('ruling')).toBe(7);
    expect(bm25.wordsOf('missing')).toBe(0);
    const dense: Retriever = {
      search: async () =>
        ['ruling', 'speech'].map((chunkId, i) => ({
          chunkId,
          documentId: 'd',
          score: 0.9 - i / 10,
          rawScore: 0.9 - i / 10,
          denseScore: 0.9 - i / 10,
        })),
    };
    const hybrid = (minDenseWords: number) =>
      new HybridRetriever({
        lexical: new Bm25Retriever(bm25),
        dense,
        minDenseWords,
        wordsOf: (id) => bm25.wordsOf(id),
      });
    const all = await hybrid(0).search({ text: 'unrelated question', limit: 2 });
    expect(all.map((hit) => hit.chunkId)).toEqual(['ruling', 'speech']);
    const long = await hybrid(10).search({ text: 'unrelated question', limit: 2 });
    expect(long.map((hit) => hit.chunkId)).toEqual(['speech']);
    // The lexical side still finds the ruling.
    const asked = await hybrid(10).search({ text: 'moved', limit: 2 });
    expect(asked.map((hit) => hit.chunkId).sort()).toEqual(['ruling', 'speech']);
  });
});

import { describe, expect, it } from 'vitest';
import { DenseRetriever, VectorIndex } from './vector-index.ts';

const v = (...values: number[]) => Float32Array.from(values);

function sample(): VectorIndex {
  const index = new VectorIndex();
  index.upsertDocument('d1', [
    { id: 'east', vector: v(1, 0, 0) },
    { id: 'north-east', vector: v(3, 4, 0) },
  ]);
  index.upsertDocument('d2', [
    { id: 'north', vector: v(0, 2, 0) },
    { id: 'up', vector: v(0, 0, 5) },
  ]);
  return index;
}

describe('VectorIndex', () => {
  it('ranks by cosine similarity, whatever the vectors’ lengths', () => {
    const hits = sample().search(v(10, 0, 0), 3);
    expect(hits.map((hit) => hit.chunkId)).toEqual(['east', 'north-east', 'north']);
    expect(hits[0]?.similarity).toBeCloseTo(1, 6);
    expect(hits[1]?.similarity).toBeCloseTo(0.6, 6);
    expect(hits[2]?.similarity).toBeCloseTo(0, 6);
    expect(hits[1]?.documentId).toBe('d1');
  });

  it('breaks similarity ties by chunk id', () => {
    const index = new VectorIndex();
    index.upsertDocument('d', [
      { id: 'y', vector: v(1, 1) },
      { id: 'x', vector: v(1, -1) },
    ]);
    expect(index.search(v(1, 0), 2).map((hit) => hit.chunkId)).toEqual(['x', 'y']);
  });

  it('removes and replaces documents, moving rows without mixing them up', () => {
    const index = sample();
    index.removeDocument('d1');
    expect(index.size).toBe(2);
    expect(index.search(v(0, 1, 0), 5).map((hit) => hit.chunkId)).toEqual(['north', 'up']);
    expect(index.search(v(0, 0, 1), 1)[0]).toEqual({
      chunkId: 'up',
      documentId: 'd2',
      similarity: expect.closeTo(1, 6),
    });
    index.upsertDocument('d2', [{ id: 'down', vector: v(0, 0, -1) }]);
    index.upsertDocument('d1', [{ id: 'east', vector: v(1, 0, 0) }]);
    expect(index.search(v(0, 0, -1), 5).map((hit) => hit.chunkId)).toEqual(['down', 'east']);
    expect(index.stats()).toMatchObject({ chunks: 2, documents: 2, dimensions: 3 });
  });

  it('restricts to documentIds', () => {
    const hits = sample().search(v(1, 0, 0), 5, { documentIds: new Set(['d2']) });
    expect(hits.map((hit) => hit.chunkId)).toEqual(['north', 'up']);
  });

  it('returns a passage embedded twice once, through the earliest inserted copy', () => {
    const index = new VectorIndex();
    index.upsertDocument('baws', [
      { id: 'baws-1', vector: v(0.6, 0.8, 0) },
      { id: 'baws-2', vector: v(0, 0, 1) },
    ]);
    // The same text embedded in another batch: equal up to float noise.
    index.upsertDocument('book', [{ id: 'book-1', vector: v(0.6, 0.8000001, 1e-7) }]);
    const hits = index.search(v(0.6, 0.81, 0), 2);
    expect(hits.map((hit) => hit.chunkId)).toEqual(['baws-1', 'baws-2']);
    index.removeDocument('baws');
    expect(index.search(v(0.6, 0.81, 0), 2).map((hit) => hit.chunkId)).toEqual(['book-1']);
  });

  it('rejects wrong dimensions, directionless vectors and reused ids, staying unchanged', () => {
    const index = sample();
    expect(() => index.upsertDocument('d3', [{ id: 'bad', vector: v(1, 0) }])).toThrow(
      /dimensions/,
    );
    expect(() => index.upsertDocument('d3', [{ id: 'zero', vector: v(0, 0, 0) }])).toThrow(
      /direction/,
    );
    expect(() => index.upsertDocument('d3', [{ id: 'east', vector: v(1, 0, 0) }])).toThrow(/east/);
    expect(() => index.search(v(1, 0), 1)).toThrow(/dimensions/);
    expect(index.size).toBe(4);
    expect(index.search(v(1, 0, 0), 1)[0]?.chunkId).toBe('east');
  });

  it('returns nothing when empty or for limit 0', () => {
    expect(new VectorIndex().search(v(1, 0), 3)).toEqual([]);
    expect(sample().search(v(1, 0, 0), 0)).toEqual([]);
  });
});

describe('DenseRetriever', () => {
  it('embeds the query and reports similarity clamped to 0..1 as the score', async () => {
    const seen: string[] = [];
    const retriever = new DenseRetriever({
      index: sample(),
      embedQuery: async (text) => {
        seen.push(text);
        return v(-1, 0, 0);
      },
    });
    const hits = await retriever.search({ text: 'west', limit: 4 });
    expect(seen).toEqual(['west']);
    expect(hits.map((hit) => hit.chunkId)).toEqual(['north', 'up', 'north-east', 'east']);
    const east = hits.find((hit) => hit.chunkId === 'east');
    expect(east?.rawScore).toBeCloseTo(-1, 6);
    expect(east?.score).toBe(0);
    expect(hits[0]?.score).toBeCloseTo(0, 6);
  });

  it('does not call the embedder for an empty query', async () => {
    const retriever = new DenseRetriever({
      index: sample(),
      embedQuery: () => Promise.reject(new Error('should not be called')),
    });
    await expect(retriever.search({ text: '  ', limit: 3 })).resolves.toEqual([]);
  });
});

describe('VectorIndex at scale (int8 scan, exact rescoring)', () => {
  it('returns exactly the brute-force top results when the scan is estimated', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31 - 0.5;
    };
    const vector = () => Float32Array.from({ length: 64 }, random);
    const index = new VectorIndex();
    const all: { id: string; vector: Float32Array }[] = [];
    for (let d = 0; d < 40; d++) {
      const rows = Array.from({ length: 50 }, (_, i) => ({ id: `d${d}-${i}`, vector: vector() }));
      all.push(...rows);
      index.upsertDocument(`d${d}`, rows);
    }
    const unit = (v: Float32Array) => {
      const norm = Math.hypot(...v);
      return v.map((x) => x / norm);
    };
    const check = () => {
      for (let q = 0; q < 20; q++) {
        const query = vector();
        const u = unit(query);
        const expected = all
          .map(({ id, vector: v }) => ({
            id,
            similarity: unit(v).reduce((s, x, j) => s + x * (u[j] ?? 0), 0),
          }))
          .sort((a, b) => b.similarity - a.similarity)
          .slice(0, 10);
        const hits = index.search(query, 10);
        expect(hits.map((hit) => hit.chunkId)).toEqual(expected.map((e) => e.id));
        for (const [i, hit] of hits.entries()) {
          expect(hit.similarity).toBeCloseTo(expected[i]?.similarity ?? 0, 5);
        }
      }
    };
    check();
    // Removal moves rows (and their int8 copies and scales) into the holes.
    for (let d = 0; d < 40; d += 3) index.removeDocument(`d${d}`);
    all.splice(
      0,
      all.length,
      ...all.filter(({ id }) => Number(id.slice(1).split('-')[0]) % 3 !== 0),
    );
    check();
  });
});

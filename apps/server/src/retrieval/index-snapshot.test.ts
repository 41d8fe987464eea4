import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bm25Index } from './bm25-index.ts';
import { decodeSnapshot, encodeSnapshot, SnapshotFormatError } from './snapshot-codec.ts';
import { VectorIndex } from './vector-index.ts';

// Few words, so documents share passages (duplicates), terms and postings.
const WORDS = ['caste', 'reform', 'temple', 'water', 'village', 'समाज', 'जाति', 'democracy'];
const QUERIES = ['caste reform', 'temple water', 'समाज जाति', 'democracy village caste', 'reform'];

type Op = { kind: 'put'; doc: number; chunks: number[][] } | { kind: 'remove'; doc: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('put' as const),
      doc: fc.integer({ min: 0, max: 7 }),
      chunks: fc.array(fc.array(fc.integer({ min: 0, max: WORDS.length - 1 }), { maxLength: 6 }), {
        minLength: 1,
        maxLength: 4,
      }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('remove' as const),
      doc: fc.integer({ min: 0, max: 7 }),
    }),
  },
);

function applyBm25(index: Bm25Index, op: Op): void {
  if (op.kind === 'remove') {
    index.removeDocument(`d${op.doc}`);
    return;
  }
  index.upsertDocument(
    `d${op.doc}`,
    op.chunks.map((words, i) => ({
      id: `d${op.doc}-${i}`,
      text: words.map((w) => WORDS[w]).join(' '),
      fields: i === 0 ? 'Title' : '',
    })),
  );
}

function applyVectors(index: VectorIndex, op: Op): void {
  if (op.kind === 'remove') {
    index.removeDocument(`d${op.doc}`);
    return;
  }
  index.upsertDocument(
    `d${op.doc}`,
    op.chunks.map((words, i) => ({
      id: `d${op.doc}-${i}`,
      vector: Float32Array.from([
        1 + words.length,
        ...[0, 1, 2].map((k) => words.filter((w) => w % 3 === k).length),
      ]),
    })),
  );
}

/** Through the bytes a file would hold, with the arrays at an odd place (the copy path too). */
function throughBytes<T>(state: Parameters<typeof encodeSnapshot>[0], odd: boolean): T {
  const bytes = encodeSnapshot(state);
  const shifted = odd ? Buffer.concat([Buffer.alloc(1), bytes]).subarray(1) : bytes;
  return decodeSnapshot(shifted) as T;
}

// Without approxBytes: a restored index holds its arrays at their exact length, not grown.
const withoutBytes = <T extends { approxBytes: number }>({ approxBytes: _, ...rest }: T) => rest;

const bm25Results = (index: Bm25Index) => [
  withoutBytes(index.stats()),
  index.vocabulary,
  ...QUERIES.map((q) => index.search(q, { limit: 10 })),
  index.search('caste', { limit: 10, documentIds: new Set(['d1', 'd3']) }),
  index.unknownTerms('caste nowhere समाज'),
];

describe('index snapshots', () => {
  it('a BM25 index restored from its snapshot searches and changes exactly as the original', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 30 }),
        fc.array(opArb, { maxLength: 15 }),
        fc.boolean(),
        (before, after, odd) => {
          const original = new Bm25Index();
          for (const op of before) applyBm25(original, op);
          const restored = Bm25Index.fromState(throughBytes(original.exportState(), odd));
          expect(restored).not.toBeNull();
          if (!restored) return;
          expect(bm25Results(restored)).toEqual(bm25Results(original));
          for (const op of after) {
            applyBm25(original, op);
            applyBm25(restored, op);
          }
          expect(bm25Results(restored)).toEqual(bm25Results(original));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a BM25 snapshot made with other ranking options is not taken', () => {
    const original = new Bm25Index({ k1: 1.2 });
    original.upsertDocument('d', [{ id: 'c', text: 'caste reform' }]);
    expect(Bm25Index.fromState(original.exportState())).toBeNull();
    const same = Bm25Index.fromState(original.exportState(), { k1: 1.2 });
    expect(same?.search('caste', { limit: 1 })[0]?.chunkId).toBe('c');
  });

  it('a vector index restored from its snapshot searches and changes exactly as the original', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 30 }),
        fc.array(opArb, { maxLength: 15 }),
        fc.boolean(),
        (before, after, odd) => {
          const original = new VectorIndex();
          for (const op of before) applyVectors(original, op);
          const restored = VectorIndex.fromState(throughBytes(original.exportState(), odd));
          const results = (index: VectorIndex) => [
            withoutBytes(index.stats()),
            index.size === 0 ? [] : index.search(Float32Array.from([1, 0.5, 0.2, 0.1]), 6),
          ];
          expect(results(restored)).toEqual(results(original));
          for (const op of after) {
            applyVectors(original, op);
            applyVectors(restored, op);
          }
          expect(results(restored)).toEqual(results(original));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses bytes that are not a whole snapshot', () => {
    const bytes = encodeSnapshot({ json: { a: 1 }, arrays: { x: Uint32Array.from([1, 2, 3]) } });
    expect(decodeSnapshot(bytes).arrays.x).toEqual(Uint32Array.from([1, 2, 3]));
    expect(() => decodeSnapshot(bytes.subarray(0, bytes.length - 4))).toThrow(SnapshotFormatError);
    expect(() => decodeSnapshot(Buffer.from('PK\u0003\u0004 not ours'))).toThrow(
      SnapshotFormatError,
    );
    const damaged = Buffer.from(bytes);
    damaged.write('}', 17);
    expect(() => decodeSnapshot(damaged)).toThrow(SnapshotFormatError);
  });
});

import { describe, expect, it } from 'vitest';
import { COVERAGE_THRESHOLDS, coverageEvidence, isCovered, libraryShift } from './coverage.ts';

const t = COVERAGE_THRESHOLDS;

describe('coverage', () => {
  it('takes the best lexical and dense evidence of the top passages', () => {
    const evidence = coverageEvidence(
      [
        { lexicalScore: 0.2, denseScore: null },
        { lexicalScore: 0.5, denseScore: 0.81 },
        { lexicalScore: null, denseScore: 0.86 },
      ],
      0.25,
    );
    expect(evidence).toEqual({ lexical: 0.5, dense: 0.86, unknown: 0.25 });
    expect(coverageEvidence([], 0)).toEqual({ lexical: 0, dense: null, unknown: 0 });
  });

  it('without vectors, decides from the lexical evidence and unknown words', () => {
    expect(isCovered({ lexical: t.lexicalOnly, dense: null, unknown: 0 })).toBe(true);
    expect(isCovered({ lexical: t.lexicalOnly - 0.01, dense: null, unknown: 0 })).toBe(false);
    expect(isCovered({ lexical: 1, dense: null, unknown: t.unknownLexicalOnly + 0.01 })).toBe(
      false,
    );
  });

  it('with vectors, a close meaning alone is enough (another language shares no words)', () => {
    expect(isCovered({ lexical: 0, dense: t.denseAlone, unknown: 1 })).toBe(true);
    expect(isCovered({ lexical: t.lexical, dense: t.dense, unknown: 0 })).toBe(true);
    expect(isCovered({ lexical: t.lexical, dense: t.dense - 0.01, unknown: 0 })).toBe(false);
    expect(isCovered({ lexical: t.lexical, dense: t.dense, unknown: t.unknown + 0.01 })).toBe(
      t.dense >= t.denseAlone,
    );
  });

  it('lowers the dense line in a small library, by the measured shift, and not in the calibrated one', () => {
    // bench/results/library-size-shift-2026-11-28.json: measured points, linear in ln n between.
    expect(libraryShift(undefined)).toBe(0);
    expect(libraryShift(3)).toBeCloseTo(0.0162, 4);
    expect(libraryShift(10)).toBeCloseTo(0.0162, 4);
    expect(libraryShift(Math.sqrt(100 * 300))).toBeCloseTo((0.011 + 0.0085) / 2, 4);
    expect(libraryShift(1000)).toBeCloseTo(0.0066, 4);
    expect(libraryShift(5425)).toBe(0);
    expect(libraryShift(50_000)).toBe(0);
    // A 0.82 cosine: covered among six short texts, refused among the shared corpus's chunks.
    const evidence = { lexical: 0.6, dense: 0.82, unknown: 0 };
    expect(isCovered({ ...evidence, libraryChunks: 6 })).toBe(true);
    expect(isCovered({ ...evidence, libraryChunks: 5425 })).toBe(false);
    expect(isCovered({ ...evidence, dense: 0.81, libraryChunks: 6 })).toBe(false);
    expect(coverageEvidence([{ lexicalScore: 0.6, denseScore: 0.82 }], 0, 6)).toEqual({
      ...evidence,
      libraryChunks: 6,
    });
  });
});

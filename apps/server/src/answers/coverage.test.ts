import { describe, expect, it } from 'vitest';
import { COVERAGE_THRESHOLDS, coverageEvidence, isCovered } from './coverage.ts';

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
});

/**
 * Whether the writings cover a question: decided before any answer is written, the same way for
 * the extractive answerer and the model (ADR 022). The evidence is the best of the top passages:
 * - lexical: the share of the question's IDF-weighted search terms the passage holds, over the
 *   terms some writing holds, independent of the corpus's size;
 * - unknown: the share of the question's terms no writing holds;
 * - dense: cosine similarity of question and passage, when vectors exist.
 * Thresholds were calibrated on the tune half of the team's question set
 * (bench/src/qa/calibrate-refusal.ts); the run that chose them is in bench/results.
 */
export type CoverageEvidence = {
  lexical: number;
  dense: number | null;
  /** Share of the question's search terms that occur nowhere in the writings. */
  unknown: number;
};

export type CoverageThresholds = {
  /** Without vectors: the least lexical evidence of a covered question… */
  lexicalOnly: number;
  /** …and the largest share of words the writings never use ("paneer", "Vite"). */
  unknownLexicalOnly: number;
  /** With vectors: covered when dense ≥ `dense`, lexical ≥ `lexical` and unknown ≤ `unknown`… */
  dense: number;
  lexical: number;
  unknown: number;
  /** …or when dense alone reaches this (questions in another language share no words). */
  denseAlone: number;
};

/**
 * Calibrated on the tune half (calibrate-refusal.ts): the most unanswerable questions refused with
 * at most 5 % of answerable ones refused (with vectors; at most 10 % of English and Tamil ones
 * without, where lexical evidence separates little). Without vectors: the 2026-11-26 runs. With
 * them: bench/results/qa-2026-11-28-s36-int7-tune.json (the in-process model's 7-bit vectors,
 * ADR 036), which chose a cosine of 0.83 whatever the words: 0.533 of tune unanswerables refused
 * against 0.400 with 0.82 when every word is known, 3.6 % of answerable ones against 1.8 %.
 */
export const COVERAGE_THRESHOLDS: CoverageThresholds = {
  lexicalOnly: 0.02,
  unknownLexicalOnly: 0.2,
  dense: 0.83,
  lexical: 0,
  unknown: 0,
  denseAlone: 0.83,
};

/** Passages looked at: the evidence may sit in any of the top few. */
const EVIDENCE_PASSAGES = 5;

export function coverageEvidence(
  passages: readonly { lexicalScore: number | null; denseScore: number | null }[],
  unknown: number,
): CoverageEvidence {
  const top = passages.slice(0, EVIDENCE_PASSAGES);
  const lexical = Math.max(0, ...top.map((p) => p.lexicalScore ?? 0));
  const denseScores = top.flatMap((p) => (p.denseScore === null ? [] : [p.denseScore]));
  return { lexical, dense: denseScores.length > 0 ? Math.max(...denseScores) : null, unknown };
}

export function isCovered(
  evidence: CoverageEvidence,
  thresholds: CoverageThresholds = COVERAGE_THRESHOLDS,
): boolean {
  if (evidence.dense === null) {
    return (
      evidence.unknown <= thresholds.unknownLexicalOnly &&
      evidence.lexical >= thresholds.lexicalOnly
    );
  }
  return (
    evidence.dense >= thresholds.denseAlone ||
    (evidence.unknown <= thresholds.unknown &&
      evidence.dense >= thresholds.dense &&
      evidence.lexical >= thresholds.lexical)
  );
}

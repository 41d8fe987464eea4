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
  /** Chunks with a vector in the library (the dense side's size); absent: the calibrated size. */
  libraryChunks?: number;
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

/**
 * How much the dense line falls in a library of n chunks, below the shared corpus (5,425 chunks)
 * it was calibrated on: a smaller library offers fewer passages to come close to a question, so
 * every best cosine is lower. The calibration's rule is kept: at most 5 % of answerable questions
 * refused. The fall of the tune half's answerable questions at their 5 % quantile, in random
 * libraries of n chunks that hold the question's whole file (bench/src/qa/library-size-shift.ts,
 * bench/results/library-size-shift-2026-11-28.json); linear in ln n between the points.
 * Unanswerable questions' best cosines fall further (0.050 at 5 chunks, 0.010 at 1,000), so a
 * small library refuses unrelated questions at least as often as the whole corpus does.
 */
const LIBRARY_SIZE_SHIFT: ReadonlyArray<readonly [chunks: number, shift: number]> = [
  [10, 0.0162],
  [20, 0.0132],
  [50, 0.0132],
  [100, 0.011],
  [300, 0.0085],
  [1000, 0.0066],
  [5425, 0],
];

/** By how much the dense thresholds are lowered for a library of `chunks` chunks with vectors. */
export function libraryShift(chunks: number | undefined): number {
  if (chunks === undefined) return 0;
  const [first] = LIBRARY_SIZE_SHIFT;
  if (!first || chunks <= first[0]) return first?.[1] ?? 0;
  for (let i = 1; i < LIBRARY_SIZE_SHIFT.length; i++) {
    const [n0, s0] = LIBRARY_SIZE_SHIFT[i - 1] as readonly [number, number];
    const [n1, s1] = LIBRARY_SIZE_SHIFT[i] as readonly [number, number];
    if (chunks <= n1) {
      const at = (Math.log(chunks) - Math.log(n0)) / (Math.log(n1) - Math.log(n0));
      return s0 + (s1 - s0) * at;
    }
  }
  return 0;
}

/**
 * The cosine at which a passage, on its own, covers the question: the dense line, lowered for a
 * small library. The offline answer takes supporting quotes only from passages that reach it.
 */
export function denseCoverLine(
  libraryChunks: number | undefined,
  thresholds: CoverageThresholds = COVERAGE_THRESHOLDS,
): number {
  return thresholds.dense - libraryShift(libraryChunks);
}

/** Passages looked at: the evidence may sit in any of the top few. */
const EVIDENCE_PASSAGES = 5;

export function coverageEvidence(
  passages: readonly { lexicalScore: number | null; denseScore: number | null }[],
  unknown: number,
  libraryChunks?: number,
): CoverageEvidence {
  const top = passages.slice(0, EVIDENCE_PASSAGES);
  const lexical = Math.max(0, ...top.map((p) => p.lexicalScore ?? 0));
  const denseScores = top.flatMap((p) => (p.denseScore === null ? [] : [p.denseScore]));
  return {
    lexical,
    dense: denseScores.length > 0 ? Math.max(...denseScores) : null,
    unknown,
    ...(libraryChunks === undefined ? {} : { libraryChunks }),
  };
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
  const shift = libraryShift(evidence.libraryChunks);
  return (
    evidence.dense >= thresholds.denseAlone - shift ||
    (evidence.unknown <= thresholds.unknown &&
      evidence.dense >= denseCoverLine(evidence.libraryChunks, thresholds) &&
      evidence.lexical >= thresholds.lexical)
  );
}

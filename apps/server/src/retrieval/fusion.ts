/**
 * Reciprocal rank fusion (Cormack et al., 2009) and the hybrid retriever built on it. RRF uses
 * ranks only, so BM25 scores and cosine similarities need no common scale.
 */
import type { RetrievalQuery, RetrievedChunk, Retriever } from './retriever.ts';

export const RRF_K = 60;

export type FusedChunk = {
  chunkId: string;
  documentId: string;
  /** Σ over rankings containing the chunk of 1 / (k + rank), rank starting at 1. */
  fusedScore: number;
  /** The chunk as each ranking returned it, by ranking position; undefined where absent. */
  sources: (RetrievedChunk | undefined)[];
};

/** Fused list, best first; equal fused scores are ordered by chunk id for determinism. */
export function reciprocalRankFusion(
  rankings: readonly (readonly RetrievedChunk[])[],
  options: { k?: number; weights?: readonly number[] } = {},
): FusedChunk[] {
  const k = options.k ?? RRF_K;
  const fused = new Map<string, FusedChunk>();
  rankings.forEach((ranking, which) => {
    ranking.forEach((chunk, position) => {
      let entry = fused.get(chunk.chunkId);
      if (!entry) {
        entry = {
          chunkId: chunk.chunkId,
          documentId: chunk.documentId,
          fusedScore: 0,
          sources: Array.from({ length: rankings.length }, () => undefined),
        };
        fused.set(chunk.chunkId, entry);
      }
      // A ranking that repeats a chunk counts its best position only.
      if (entry.sources[which]) return;
      entry.sources[which] = chunk;
      entry.fusedScore += (options.weights?.[which] ?? 1) / (k + position + 1);
    });
  });
  return [...fused.values()].sort(
    (a, b) =>
      b.fusedScore - a.fusedScore || (a.chunkId < b.chunkId ? -1 : a.chunkId > b.chunkId ? 1 : 0),
  );
}

/**
 * The hybrid's fusion, chosen on the tune half of the team's question set (ADR 022,
 * bench/results/tune-retrieval-2026-11-26-hybrid.*): a small k lets the first ranks of each list
 * count for more than RRF's customary 60; the dense list weighs as much as the lexical one; each
 * side is asked for four times the results wanted.
 */
export const HYBRID_RRF_K = 10;
export const DENSE_WEIGHT = 1;
export const CANDIDATE_FACTOR = 4;
/**
 * A question not in the library's main script is also searched by meaning among that script's
 * documents (ADR 031). 1 chosen on the tune half with the in-process model
 * (bench/results/qa-variants-2026-11-28-main-local-all.json, row 2): Hindi + Marathi over English
 * 0.167 → 0.458, paraphrase + keyword-poor 0.575 → 0.637, English, Hindi volume and Tamil
 * unchanged, MRR@5 0.510 → 0.557; 2 and 3 cost the Hindi volume and Tamil.
 */
export const CROSS_SCRIPT_WEIGHT = 1;
export const MIN_DENSE_WORDS = 0;

export type HybridWeights = {
  k?: number;
  /** Weight of the dense ranking in the fusion; the lexical ranking's is 1. */
  denseWeight?: number;
  /**
   * Weight of a third ranking for a question not in the library's main script: the dense search
   * again, among the main script's documents only (0: none). Without it, a Hindi question's
   * words and its meaning both find the Hindi passages first, and the English writings that
   * answer it fall out of the top results.
   */
  crossScriptWeight?: number;
  /**
   * Chunks of fewer words than this are left out of the dense rankings (the lexical one still
   * finds them): a chairman's one-line ruling ("PRESIDENT: We shall take it as moved.") is about
   * as close to any question as to none, and crowds out passages that answer (ADR 031).
   */
  minDenseWords?: number;
  /** Candidates asked of each retriever per result wanted; fusion needs depth to work with. */
  candidateFactor?: number;
};

/** Which script a question is in, and the documents written in each (bm25-index.ts). */
export type ScriptInfo = {
  ofQuery(text: string): string;
  library(): { main: string | null; documentsIn(script: string): ReadonlySet<string> };
};

export type HybridRetrieverOptions = HybridWeights & {
  lexical: Retriever;
  dense: Retriever;
  /** Needed for `crossScriptWeight`; without it there is no third ranking. */
  scripts?: ScriptInfo;
  /** Words of a chunk's text; needed for `minDenseWords`. */
  wordsOf?: (chunkId: string) => number;
  /**
   * Called when the dense side fails (embedding server down…); the search then answers from the
   * lexical side alone rather than failing the question. Without it the error propagates.
   */
  onDenseError?: (error: unknown) => void;
};

/**
 * Lexical + dense by RRF. `rawScore` is the fused score. `score` (display) is the lexical
 * normalised score when the lexical side found the chunk, since it says how much of the question
 * the passage covers; otherwise the fused score over its maximum (rank 1 in both lists), so a
 * chunk only the dense side found shows at most 0.5.
 */
export class HybridRetriever implements Retriever {
  private readonly options: HybridRetrieverOptions;

  constructor(options: HybridRetrieverOptions) {
    this.options = options;
  }

  async search(query: RetrievalQuery): Promise<RetrievedChunk[]> {
    if (query.limit <= 0) return [];
    const { lexical, dense, onDenseError } = this.options;
    const k = this.options.k ?? HYBRID_RRF_K;
    const depth = Math.max(query.limit * (this.options.candidateFactor ?? CANDIDATE_FACTOR), 20);
    const deep = { ...query, limit: depth };
    const minWords = this.options.minDenseWords ?? MIN_DENSE_WORDS;
    const { wordsOf } = this.options;
    const denseSearch = (q: RetrievalQuery) =>
      dense
        .search(minWords > 0 && wordsOf ? { ...q, limit: q.limit * 2 } : q)
        .then((hits) =>
          minWords > 0 && wordsOf
            ? hits.filter((hit) => wordsOf(hit.chunkId) >= minWords).slice(0, q.limit)
            : hits,
        )
        .catch((error: unknown) => {
          if (!onDenseError) throw error;
          onDenseError(error);
          return [];
        });
    const cross = this.crossScriptQuery(deep);
    const [lexicalHits, denseHits, crossHits] = await Promise.all([
      lexical.search(deep),
      denseSearch(deep),
      cross ? denseSearch(cross) : [],
    ]);
    const denseWeight = this.options.denseWeight ?? DENSE_WEIGHT;
    const crossWeight = cross ? (this.options.crossScriptWeight ?? CROSS_SCRIPT_WEIGHT) : 0;
    const best = (1 + denseWeight + crossWeight) / (k + 1);
    return reciprocalRankFusion([lexicalHits, denseHits, crossHits], {
      k,
      weights: [1, denseWeight, crossWeight],
    })
      .slice(0, query.limit)
      .map((chunk) => ({
        chunkId: chunk.chunkId,
        documentId: chunk.documentId,
        score: chunk.sources[0]?.score ?? chunk.fusedScore / best,
        rawScore: chunk.fusedScore,
        ...(chunk.sources[0]?.lexicalScore === undefined
          ? {}
          : { lexicalScore: chunk.sources[0].lexicalScore }),
        ...((chunk.sources[1] ?? chunk.sources[2])?.denseScore === undefined
          ? {}
          : { denseScore: (chunk.sources[1] ?? chunk.sources[2])?.denseScore }),
      }));
  }

  /** The dense query among the library's main script's documents, or null when not wanted. */
  private crossScriptQuery(query: RetrievalQuery): RetrievalQuery | null {
    const { scripts } = this.options;
    if (!scripts || (this.options.crossScriptWeight ?? CROSS_SCRIPT_WEIGHT) <= 0) return null;
    const library = scripts.library();
    if (library.main === null || scripts.ofQuery(query.text) === library.main) return null;
    const inMain = library.documentsIn(library.main);
    const documentIds = query.documentIds
      ? new Set([...query.documentIds].filter((id) => inMain.has(id)))
      : inMain;
    return documentIds.size > 0 ? { ...query, documentIds } : null;
  }
}

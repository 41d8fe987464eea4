/**
 * What callers search through. Engines (this BM25 index, a dense index, PostgreSQL full-text or
 * an external service) sit behind `Retriever`, so they can be swapped or fused without callers
 * changing.
 */
import type { Bm25Index } from './bm25-index.ts';

export type RetrievalQuery = {
  text: string;
  limit: number;
  /** Only chunks of these documents, when given. */
  documentIds?: ReadonlySet<string>;
};

export type RetrievedChunk = {
  chunkId: string;
  documentId: string;
  /** 0..1 for display, higher is better; comparable within one retriever's results only. */
  score: number;
  /** The engine's own score (BM25, cosine similarity, fused RRF score…). */
  rawScore: number;
  /** BM25 score over its bound (Bm25Hit.normalizedScore), when the lexical side found the chunk. */
  lexicalScore?: number;
  /** Cosine similarity to the question, when the dense side found the chunk. */
  denseScore?: number;
};

export interface Retriever {
  /** Best first; at most `limit` chunks, each chunk at most once. */
  search(query: RetrievalQuery): Promise<RetrievedChunk[]>;
}

export class Bm25Retriever implements Retriever {
  private readonly index: Bm25Index;

  constructor(index: Bm25Index) {
    this.index = index;
  }

  async search(query: RetrievalQuery): Promise<RetrievedChunk[]> {
    const hits = this.index.search(query.text, {
      limit: query.limit,
      ...(query.documentIds ? { documentIds: query.documentIds } : {}),
    });
    return hits.map((hit) => ({
      chunkId: hit.chunkId,
      documentId: hit.documentId,
      score: hit.normalizedScore,
      rawScore: hit.score,
      lexicalScore: hit.normalizedScore,
    }));
  }
}

import type { IndexedChunkRow } from '../repositories/chunk-repository.ts';
import type { HybridWeights } from './fusion.ts';

/** What the index keeps per chunk in memory; the text itself stays in the database. */
export type ChunkMeta = Omit<IndexedChunkRow, 'text'>;

export type Passage = ChunkMeta & {
  text: string;
  /** 0..1, for display. */
  score: number;
  /** Where the original opens at this passage, e.g. `/api/documents/abc/file#page=12`. */
  link: string;
  /** For the not-covered decision: the IDF-weighted share of the question the passage holds, and its cosine similarity (null without vectors). */
  lexicalScore: number | null;
  denseScore: number | null;
};

export type RankingOptions = {
  bm25?: { k1?: number; b?: number; fieldWeight?: number };
  fusion?: HybridWeights;
};

import { EmbeddingDimensionError } from '../repositories/embedding-repository.ts';
import type { Bm25Index } from './bm25-index.ts';
import { scriptOf } from './bm25-index.ts';
import type { EmbeddingClient } from './embedding-client.ts';
import { HybridRetriever } from './fusion.ts';
import type { RankingOptions } from './passage.ts';
import { Bm25Retriever, type Retriever } from './retriever.ts';
import { DenseRetriever, VectorIndex } from './vector-index.ts';

/** BM25 alone, or fused with dense vectors when there is an embedding client. */
export function createRetriever(
  bm25: Bm25Index,
  client: EmbeddingClient | null,
  options: { onDenseError?: (error: unknown) => void; ranking?: RankingOptions },
): { retriever: Retriever; dense: { client: EmbeddingClient; vectors: VectorIndex } | null } {
  const lexical = new Bm25Retriever(bm25);
  if (!client) return { retriever: lexical, dense: null };
  const vectors = new VectorIndex();
  // The hybrid may search the same query twice (all documents, then the main script's):
  // one embedding serves both.
  let last: { text: string; vector: Promise<Float32Array> } | null = null;
  const embedQuery = (text: string) => {
    if (last?.text !== text) {
      const vector = embedOne(text);
      vector.catch(() => {
        if (last?.vector === vector) last = null;
      });
      last = { text, vector };
    }
    return last.vector;
  };
  const embedOne = async (text: string) => {
    const [vector] = await client.embed([text], { kind: 'query' });
    if (!vector) throw new Error('The embedding server returned no vector for the query');
    // A model swapped behind the same name: say so (the search answers from BM25 meanwhile).
    if (vectors.dimension > 0 && vector.length !== vectors.dimension) {
      throw new EmbeddingDimensionError(client.model, vectors.dimension, vector.length);
    }
    return vector;
  };
  const retriever = new HybridRetriever({
    lexical,
    dense: new DenseRetriever({ index: vectors, embedQuery }),
    onDenseError: options.onDenseError ?? (() => {}),
    scripts: { ofQuery: scriptOf, library: () => bm25.scripts() },
    wordsOf: (chunkId) => bm25.wordsOf(chunkId),
    ...options.ranking?.fusion,
  });
  return { retriever, dense: { client, vectors } };
}

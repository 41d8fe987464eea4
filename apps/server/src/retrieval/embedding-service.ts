import type { Database } from '../db/database.ts';
import {
  assertStoredDimensions,
  chunksWithoutEmbedding,
  countChunksWithoutEmbedding,
  deleteEmbeddings,
  documentsAwaitingEmbeddings,
  markDocumentReady,
  nextChunksWithoutEmbedding,
  saveEmbeddings,
} from '../repositories/embedding-repository.ts';
import { recordKnowledgeChange } from '../repositories/knowledge-change-repository.ts';
import { DEFAULT_BATCH_SIZE, type EmbeddingClient } from './embedding-client.ts';

/** Called with done = 0 before the first request, then after each saved batch. */
export type EmbeddingProgress = (progress: { done: number; total: number }) => void;

export type EmbedRunOptions = { onProgress?: EmbeddingProgress; signal?: AbortSignal };

/** Chunks per request and per saved step: the client's batch size. */
const batchOf = (client: EmbeddingClient) => Math.max(1, client.batchSize ?? DEFAULT_BATCH_SIZE);

/**
 * Embeds the chunks of a document that have no vector yet, batch by batch, each batch saved as
 * it arrives: an interrupted run resumes where it stopped. The document becomes 'ready' (and
 * every index reloads it with its vectors) once all chunks have one.
 */
export async function embedDocument(
  db: Database,
  client: EmbeddingClient,
  documentId: string,
  options: EmbedRunOptions = {},
): Promise<void> {
  const total = options.onProgress
    ? await countChunksWithoutEmbedding(db, client.model, documentId)
    : 0;
  let done = 0;
  options.onProgress?.({ done, total });
  for (;;) {
    const pending = await chunksWithoutEmbedding(db, documentId, client.model, batchOf(client));
    if (pending.length === 0) break;
    const vectors = await embedPassages(client, pending, options.signal);
    await saveEmbeddings(db, client.model, vectors);
    done += pending.length;
    options.onProgress?.({ done, total: Math.max(total, done) });
  }
  await db.transaction(async (tx) => {
    await markDocumentReady(tx, documentId);
    await recordKnowledgeChange(tx, documentId, 'upsert');
  });
}

/** Finishes every document whose embedding was interrupted; returns how many it finished. */
export async function embedPendingDocuments(
  db: Database,
  client: EmbeddingClient,
): Promise<number> {
  const pending = await documentsAwaitingEmbeddings(db);
  for (const { id } of pending) await embedDocument(db, client, id);
  return pending.length;
}

export type EmbedKnowledgeBaseResult = {
  /** Chunks embedded by this run. */
  chunks: number;
  /** Documents whose last missing vector this run saved (each recorded as a knowledge change). */
  documents: number;
  /** Vector length the endpoint returns. */
  dimensions: number;
  /** Vectors deleted first (with `reembed`). */
  deleted: { documents: number };
};

/**
 * Embeds every chunk of the knowledge base that has no vector for the client's model, including
 * documents ingested before embeddings were configured (`npm run ingest -- --embed`). Batches are
 * saved as they arrive, so an interrupted run resumes; when a document's last chunk is saved, it
 * becomes 'ready' and a knowledge change makes every running server reload its vectors.
 *
 * One short request first learns the endpoint's dimensions: if vectors of this model with
 * another length are stored, it throws EmbeddingDimensionError before any work, unless
 * `reembed`, which first deletes this model's vectors and every vector of another length.
 */
export async function embedKnowledgeBase(
  db: Database,
  client: EmbeddingClient,
  options: EmbedRunOptions & { reembed?: boolean } = {},
): Promise<EmbedKnowledgeBaseResult> {
  const [probe] = await client.embed(['dimensions'], { kind: 'passage', signal: options.signal });
  const dimensions = probe?.length ?? 0;
  let deletedDocuments = 0;
  if (options.reembed) {
    deletedDocuments = (await deleteEmbeddings(db, client.model, dimensions)).length;
  } else {
    await assertStoredDimensions(db, client.model, dimensions);
  }

  const total = await countChunksWithoutEmbedding(db, client.model);
  let done = 0;
  let finished = 0;
  options.onProgress?.({ done, total });
  for (;;) {
    options.signal?.throwIfAborted();
    const pending = await nextChunksWithoutEmbedding(db, client.model, batchOf(client));
    if (pending.length === 0) break;
    const vectors = await embedPassages(client, pending, options.signal);
    await db.transaction(async (tx) => {
      await saveEmbeddings(tx, client.model, vectors);
      for (const documentId of new Set(pending.map((chunk) => chunk.documentId))) {
        if ((await countChunksWithoutEmbedding(tx, client.model, documentId)) > 0) continue;
        await markDocumentReady(tx, documentId);
        await recordKnowledgeChange(tx, documentId, 'upsert');
        finished++;
      }
    });
    done += pending.length;
    // Chunks ingested meanwhile join the run: the total grows rather than being overshot.
    options.onProgress?.({ done, total: Math.max(total, done) });
  }
  return {
    chunks: done,
    documents: finished,
    dimensions,
    deleted: { documents: deletedDocuments },
  };
}

async function embedPassages(
  client: EmbeddingClient,
  chunks: { id: string; text: string }[],
  signal: AbortSignal | undefined,
): Promise<{ chunkId: string; vector: Float32Array }[]> {
  const vectors = await client.embed(
    chunks.map((chunk) => chunk.text),
    signal ? { kind: 'passage', signal } : { kind: 'passage' },
  );
  return chunks.map((chunk, i) => {
    const vector = vectors[i];
    if (!vector) throw new Error(`The embedding server returned no vector for chunk ${chunk.id}`);
    return { chunkId: chunk.id, vector };
  });
}

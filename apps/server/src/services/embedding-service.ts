import type { Database } from '../db/database.ts';
import {
  chunksWithoutEmbedding,
  documentsAwaitingEmbeddings,
  markDocumentReady,
  saveEmbeddings,
} from '../repositories/embedding-repository.ts';
import { recordKnowledgeChange } from '../repositories/knowledge-change-repository.ts';
import type { EmbeddingClient } from '../retrieval/embedding-client.ts';

const BATCH = 64;

/**
 * Embeds the chunks of a document that have no vector yet, batch by batch, each batch saved as
 * it arrives: an interrupted run resumes where it stopped. The document becomes 'ready' (and
 * every index reloads it with its vectors) once all chunks have one.
 */
export async function embedDocument(
  db: Database,
  client: EmbeddingClient,
  documentId: string,
): Promise<void> {
  for (;;) {
    const pending = await chunksWithoutEmbedding(db, documentId, client.model, BATCH);
    if (pending.length === 0) break;
    const vectors = await client.embed(pending.map((chunk) => chunk.text));
    await saveEmbeddings(
      db,
      client.model,
      pending.map((chunk, i) => {
        const vector = vectors[i];
        if (!vector)
          throw new Error(`The embedding server returned no vector for chunk ${chunk.id}`);
        return { chunkId: chunk.id, vector };
      }),
    );
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

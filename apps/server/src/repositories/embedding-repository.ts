import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { chunkEmbeddings, chunks, documents } from '../db/schema.ts';

/** Chunks of a document that have no vector for `model` yet (resumable embedding). */
export function chunksWithoutEmbedding(
  db: Database,
  documentId: string,
  model: string,
  limit: number,
): Promise<{ id: string; text: string }[]> {
  return db
    .select({ id: chunks.id, text: chunks.text })
    .from(chunks)
    .leftJoin(
      chunkEmbeddings,
      and(eq(chunkEmbeddings.chunkId, chunks.id), eq(chunkEmbeddings.model, model)),
    )
    .where(and(eq(chunks.documentId, documentId), isNull(chunkEmbeddings.chunkId)))
    .orderBy(asc(chunks.ordinal))
    .limit(limit);
}

export async function saveEmbeddings(
  db: Database,
  model: string,
  rows: { chunkId: string; vector: Float32Array }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(chunkEmbeddings)
    .values(
      rows.map(({ chunkId, vector }) => ({
        chunkId,
        model,
        dimensions: vector.length,
        vector: vectorToBytes(vector),
        norm: Math.hypot(...vector),
      })),
    )
    .onConflictDoUpdate({
      target: chunkEmbeddings.chunkId,
      set: {
        model,
        vector: sql`excluded.vector`,
        dimensions: sql`excluded.dimensions`,
        norm: sql`excluded.norm`,
      },
    });
}

export function documentsAwaitingEmbeddings(db: Database): Promise<{ id: string }[]> {
  return db.select({ id: documents.id }).from(documents).where(eq(documents.status, 'embedding'));
}

export async function markDocumentReady(db: Database, documentId: string): Promise<void> {
  await db
    .update(documents)
    .set({ status: 'ready', updatedAt: new Date() })
    .where(eq(documents.id, documentId));
}

/** Vectors of the given chunks for `model`, as Float32Arrays. */
export async function vectorsOfChunks(
  db: Database,
  model: string,
  documentIds: string[],
): Promise<Map<string, Float32Array>> {
  const vectors = new Map<string, Float32Array>();
  for (const documentId of documentIds) {
    const rows = await db
      .select({ chunkId: chunkEmbeddings.chunkId, vector: chunkEmbeddings.vector })
      .from(chunkEmbeddings)
      .innerJoin(chunks, eq(chunks.id, chunkEmbeddings.chunkId))
      .where(and(eq(chunks.documentId, documentId), eq(chunkEmbeddings.model, model)));
    for (const row of rows) vectors.set(row.chunkId, bytesToVector(row.vector));
  }
  return vectors;
}

/** Little-endian float32, the layout of every platform Node runs on. */
export function vectorToBytes(vector: Float32Array): Uint8Array {
  return new Uint8Array(
    vector.buffer.slice(vector.byteOffset, vector.byteOffset + vector.byteLength),
  );
}

export function bytesToVector(bytes: Uint8Array): Float32Array {
  // Copy: a driver's buffer may not be 4-byte aligned.
  return new Float32Array(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  );
}

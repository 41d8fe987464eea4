import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, count, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { chunkEmbeddings, chunks, documents } from '../db/schema.ts';

/** How an operator replaces every vector of a model. */
export const REEMBED_COMMAND = 'npm run ingest -- --embed --reembed';

/**
 * The embedding endpoint now returns vectors of another length than those stored for the same
 * model (a different model behind the same name, or a changed server): old and new vectors
 * cannot be compared, so nothing is mixed; the fix is to embed everything again.
 */
export class EmbeddingDimensionError extends Error {
  override name = 'EmbeddingDimensionError';
  readonly model: string;
  readonly storedDimensions: number;
  readonly receivedDimensions: number;

  constructor(model: string, stored: number, received: number) {
    super(
      `The embedding endpoint returned ${received}-dimensional vectors for model ${JSON.stringify(model)}, ` +
        `but the vectors stored for that model have ${stored} dimensions. ` +
        `Re-embed the knowledge base with \`${REEMBED_COMMAND}\` (or set EMBEDDING_MODEL back to the model that made them).`,
    );
    this.model = model;
    this.storedDimensions = stored;
    this.receivedDimensions = received;
  }
}

/** Dimensions of the vectors stored for `model`, or null when it has none. */
export async function storedDimensions(db: Database, model: string): Promise<number | null> {
  const [row] = await db
    .select({ dimensions: chunkEmbeddings.dimensions })
    .from(chunkEmbeddings)
    .where(eq(chunkEmbeddings.model, model))
    .limit(1);
  return row?.dimensions ?? null;
}

/** Throws EmbeddingDimensionError when `model` has stored vectors of another length. */
export async function assertStoredDimensions(
  db: Database,
  model: string,
  dimensions: number,
): Promise<void> {
  const stored = await storedDimensions(db, model);
  if (stored !== null && stored !== dimensions) {
    throw new EmbeddingDimensionError(model, stored, dimensions);
  }
}

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

/**
 * Chunks of the whole knowledge base without a vector for `model`, in document order: the next
 * batch of a resumable run (each batch saved disappears from the next call's answer).
 */
export function nextChunksWithoutEmbedding(
  db: Database,
  model: string,
  limit: number,
): Promise<{ id: string; documentId: string; text: string }[]> {
  return db
    .select({ id: chunks.id, documentId: chunks.documentId, text: chunks.text })
    .from(chunks)
    .leftJoin(
      chunkEmbeddings,
      and(eq(chunkEmbeddings.chunkId, chunks.id), eq(chunkEmbeddings.model, model)),
    )
    .where(isNull(chunkEmbeddings.chunkId))
    .orderBy(asc(chunks.documentId), asc(chunks.ordinal))
    .limit(limit);
}

/** How many chunks have no vector for `model`, in all or in one document. */
export async function countChunksWithoutEmbedding(
  db: Database,
  model: string,
  documentId?: string,
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(chunks)
    .leftJoin(
      chunkEmbeddings,
      and(eq(chunkEmbeddings.chunkId, chunks.id), eq(chunkEmbeddings.model, model)),
    )
    .where(
      and(
        isNull(chunkEmbeddings.chunkId),
        documentId === undefined ? undefined : eq(chunks.documentId, documentId),
      ),
    );
  return Number(row?.count ?? 0);
}

/**
 * Deletes the vectors of `model`, and, when `keepDimensions` is given, every vector of another
 * length (whatever its model); returns the documents that lost vectors.
 */
export async function deleteEmbeddings(
  db: Database,
  model: string,
  keepDimensions?: number,
): Promise<string[]> {
  const doomed = or(
    eq(chunkEmbeddings.model, model),
    keepDimensions === undefined ? undefined : ne(chunkEmbeddings.dimensions, keepDimensions),
  );
  const affected = await db
    .selectDistinct({ documentId: chunks.documentId })
    .from(chunkEmbeddings)
    .innerJoin(chunks, eq(chunks.id, chunkEmbeddings.chunkId))
    .where(doomed);
  await db.delete(chunkEmbeddings).where(doomed);
  return affected.map((row) => row.documentId);
}

/**
 * Saves vectors (replacing a chunk's vector of another model). Refuses, with
 * EmbeddingDimensionError, vectors whose length differs from those already stored for `model`.
 */
export async function saveEmbeddings(
  db: Database,
  model: string,
  rows: { chunkId: string; vector: Float32Array }[],
): Promise<void> {
  if (rows.length === 0) return;
  const dimensions = rows[0]?.vector.length ?? 0;
  const odd = rows.find((row) => row.vector.length !== dimensions);
  if (odd) throw new EmbeddingDimensionError(model, dimensions, odd.vector.length);
  await assertStoredDimensions(db, model, dimensions);
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

/** 'embedding' → 'ready'; a document already ready is left as it is. */
export async function markDocumentReady(db: Database, documentId: string): Promise<void> {
  await db
    .update(documents)
    .set({ status: 'ready', updatedAt: new Date() })
    .where(and(eq(documents.id, documentId), eq(documents.status, 'embedding')));
}

/** Vectors of the given chunks for `model`, as Float32Arrays. */
/** Vectors read per query by `vectorsOfChunks`. */
const VECTOR_PAGE = 1_000;

export async function vectorsOfChunks(
  db: Database,
  model: string,
  documentIds: string[],
): Promise<Map<string, Float32Array>> {
  const vectors = new Map<string, Float32Array>();
  for (const documentId of documentIds) {
    // A page at a time, serving between pages: a book's 6,000 vectors are 9 MB.
    let after = '';
    for (;;) {
      const rows = await db
        .select({ chunkId: chunkEmbeddings.chunkId, vector: chunkEmbeddings.vector })
        .from(chunkEmbeddings)
        .innerJoin(chunks, eq(chunks.id, chunkEmbeddings.chunkId))
        .where(
          and(
            eq(chunks.documentId, documentId),
            eq(chunkEmbeddings.model, model),
            gt(chunkEmbeddings.chunkId, after),
          ),
        )
        .orderBy(asc(chunkEmbeddings.chunkId))
        .limit(VECTOR_PAGE);
      for (const row of rows) vectors.set(row.chunkId, bytesToVector(row.vector));
      if (rows.length < VECTOR_PAGE) break;
      after = rows[rows.length - 1]?.chunkId ?? after;
      await nextTurn();
    }
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

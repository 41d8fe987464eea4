import { asc, count, desc, eq, getTableColumns, or } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { chunks, type DocumentRow, documents } from '../db/schema.ts';

export type NewDocument = typeof documents.$inferInsert;

export async function insertDocument(db: Database, values: NewDocument): Promise<DocumentRow> {
  const [row] = await db.insert(documents).values(values).returning();
  if (!row) throw new Error('insert into documents returned no row');
  return row;
}

export async function findDocumentById(db: Database, id: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return row ?? null;
}

export async function findDocumentBySha256(
  db: Database,
  sha256: string,
): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.sha256, sha256)).limit(1);
  return row ?? null;
}

/** Documents with this file name (a re-ingest of a changed file finds its predecessor here). */
export function findDocumentsByFileName(db: Database, fileName: string): Promise<DocumentRow[]> {
  return db.select().from(documents).where(eq(documents.fileName, fileName));
}

/** By id or by file name, for the CLI's --remove. */
export function findDocumentsByIdOrFileName(db: Database, key: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(or(eq(documents.id, key), eq(documents.fileName, key)));
}

export function listDocuments(db: Database): Promise<DocumentRow[]> {
  return db.select().from(documents).orderBy(asc(documents.fileName), asc(documents.createdAt));
}

export type DocumentWithChunkCount = DocumentRow & { chunkCount: number };

/** Every document with its number of chunks, newest first, in one statement (the admin list). */
export function listDocumentsWithChunkCounts(db: Database): Promise<DocumentWithChunkCount[]> {
  return db
    .select({ ...getTableColumns(documents), chunkCount: count(chunks.id) })
    .from(documents)
    .leftJoin(chunks, eq(chunks.documentId, documents.id))
    .groupBy(documents.id)
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

export async function countChunksOfDocument(db: Database, documentId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(chunks)
    .where(eq(chunks.documentId, documentId));
  return row?.total ?? 0;
}

export type DocumentDetailsValues = Pick<
  DocumentRow,
  'titleOverride' | 'author' | 'volume' | 'year'
>;

/** Sets what an admin set on a document (ADR 034); null when no row had this id. */
export async function updateDocumentDetails(
  db: Database,
  id: string,
  values: DocumentDetailsValues,
  now: Date,
): Promise<DocumentRow | null> {
  const [row] = await db
    .update(documents)
    .set({ ...values, updatedAt: now })
    .where(eq(documents.id, id))
    .returning();
  return row ?? null;
}

/** Deletes the document (its chunks cascade); false when no row had this id. */
export async function deleteDocument(db: Database, id: string): Promise<boolean> {
  const deleted = await db
    .delete(documents)
    .where(eq(documents.id, id))
    .returning({ id: documents.id });
  return deleted.length > 0;
}

export async function countDocumentsWithSha256(db: Database, sha256: string): Promise<number> {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.sha256, sha256));
  return rows.length;
}

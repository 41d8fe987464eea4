import { asc, eq, or } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { type DocumentRow, documents } from '../db/schema.ts';

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

export async function deleteDocument(db: Database, id: string): Promise<void> {
  await db.delete(documents).where(eq(documents.id, id));
}

export async function countDocumentsWithSha256(db: Database, sha256: string): Promise<number> {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.sha256, sha256));
  return rows.length;
}

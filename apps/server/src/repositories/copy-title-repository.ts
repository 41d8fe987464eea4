import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { type ChunkRow, chunks, type DocumentRow, documents } from '../db/schema.ts';
import { recordKnowledgeChange } from './knowledge-change-repository.ts';

/** A chunk that may hold a probed sentence, with what its document is titled. */
export type CopyCandidateRow = Pick<ChunkRow, 'documentId' | 'page' | 'headingPath' | 'text'> &
  Pick<DocumentRow, 'fileName' | 'title' | 'titleSource' | 'titleOverride'>;

/** More rows than this are common phrases, not one passage's copies: enough to decide on. */
const CANDIDATE_ROWS = 500;

/**
 * The texts of up to `count` chunks spread evenly over a document (first, last and between):
 * what its probes are taken from, without reading a long book's every chunk.
 */
export async function sampleChunkTexts(
  db: Database,
  documentId: string,
  sampleSize: number,
): Promise<string[]> {
  const [row] = await db
    .select({ total: count() })
    .from(chunks)
    .where(eq(chunks.documentId, documentId));
  const total = row?.total ?? 0;
  if (total === 0) return [];
  const ordinals = new Set<number>();
  for (let i = 0; i < Math.min(sampleSize, total); i++) {
    ordinals.add(Math.round((i * (total - 1)) / Math.max(1, sampleSize - 1)));
  }
  const rows = await db
    .select({ text: chunks.text })
    .from(chunks)
    .where(and(eq(chunks.documentId, documentId), inArray(chunks.ordinal, [...ordinals])))
    .orderBy(asc(chunks.ordinal));
  return rows.map((chunk) => chunk.text);
}

/**
 * Chunks containing any of `keys` exactly, in other documents than `exceptDocumentId` or only
 * in `onlyDocumentId`. A plain substring scan: it runs once per ingested file, not per answer.
 */
export function findChunksHoldingAny(
  db: Database,
  keys: readonly string[],
  where: { exceptDocumentId: string } | { onlyDocumentId: string },
): Promise<CopyCandidateRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  const scope =
    'onlyDocumentId' in where
      ? eq(chunks.documentId, where.onlyDocumentId)
      : ne(chunks.documentId, where.exceptDocumentId);
  return db
    .select({
      documentId: chunks.documentId,
      page: chunks.page,
      headingPath: chunks.headingPath,
      text: chunks.text,
      fileName: documents.fileName,
      title: documents.title,
      titleSource: documents.titleSource,
      titleOverride: documents.titleOverride,
    })
    .from(chunks)
    .innerJoin(documents, eq(documents.id, chunks.documentId))
    .where(and(scope, or(...keys.map((key) => sql`strpos(${chunks.text}, ${key}) > 0`))))
    .orderBy(asc(chunks.documentId), asc(chunks.ordinal))
    .limit(CANDIDATE_ROWS);
}

/** Documents whose title is still their file name (other than `exceptDocumentId`). */
export function findFileNameTitled(
  db: Database,
  exceptDocumentId: string,
): Promise<Pick<DocumentRow, 'id'>[]> {
  return db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.titleSource, 'file_name'), ne(documents.id, exceptDocumentId)))
    .orderBy(asc(documents.id));
}

/**
 * Gives a file-name-titled document its copy's title, with a knowledge change so every
 * process's index reloads it (the title is searched with the text). Null when the document is
 * gone or no longer titled by its file name (a re-ingest since).
 */
export function setTitleFromCopy(
  db: Database,
  documentId: string,
  title: string,
): Promise<DocumentRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(documents)
      .set({ title, titleSource: 'copy', updatedAt: new Date() })
      .where(and(eq(documents.id, documentId), eq(documents.titleSource, 'file_name')))
      .returning();
    if (!row) return null;
    await recordKnowledgeChange(tx, documentId, 'upsert');
    return row;
  });
}

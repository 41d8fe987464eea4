import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, count, eq, gt, gte } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { type ChunkRow, chunks, type DocumentRow, documents } from '../db/schema.ts';

export type NewChunk = typeof chunks.$inferInsert;

/** Large documents insert in slices so no single statement exceeds the parameter limit. */
const INSERT_BATCH = 500;

export async function insertChunks(db: Database, rows: NewChunk[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    // Served between slices: the embedded database's writes resolve without yielding.
    if (start > 0) await nextTurn();
    await db.insert(chunks).values(rows.slice(start, start + INSERT_BATCH));
  }
}

/** The fields the in-memory index keeps for each chunk, joined to its document. */
export type IndexedChunkRow = Pick<
  ChunkRow,
  | 'id'
  | 'documentId'
  | 'ordinal'
  | 'page'
  | 'startPage'
  | 'endPage'
  | 'pageLabel'
  | 'anchor'
  | 'headingPath'
  | 'text'
  | 'speakerRole'
  | 'speaker'
  | 'textKind'
> &
  Pick<DocumentRow, 'fileName' | 'contentType' | 'title'> &
  DocumentDetails;

/**
 * What an admin set on the chunk's document (ADR 034), null where they set nothing: read by the
 * source presenter, never by ranking (which reads the title ingestion gave, `title`).
 */
export type DocumentDetails = Pick<DocumentRow, 'titleOverride' | 'author' | 'volume' | 'year'>;

const indexedColumns = {
  id: chunks.id,
  documentId: chunks.documentId,
  ordinal: chunks.ordinal,
  page: chunks.page,
  startPage: chunks.startPage,
  endPage: chunks.endPage,
  pageLabel: chunks.pageLabel,
  anchor: chunks.anchor,
  headingPath: chunks.headingPath,
  text: chunks.text,
  speakerRole: chunks.speakerRole,
  speaker: chunks.speaker,
  textKind: chunks.textKind,
  fileName: documents.fileName,
  contentType: documents.contentType,
  title: documents.title,
  titleOverride: documents.titleOverride,
  author: documents.author,
  volume: documents.volume,
  year: documents.year,
};

/** Every chunk, page by page in a stable order (keyset pagination: no whole-table load). */
export async function* streamIndexedChunks(
  db: Database,
  pageSize = 5000,
): AsyncGenerator<IndexedChunkRow[]> {
  let after = '';
  for (;;) {
    const rows = await db
      .select(indexedColumns)
      .from(chunks)
      .innerJoin(documents, eq(documents.id, chunks.documentId))
      .where(gt(chunks.id, after))
      .orderBy(asc(chunks.id))
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.id ?? after;
    if (rows.length < pageSize) return;
  }
}

/**
 * One document's chunks in ordinal order, a page at a time, with the event loop served between
 * pages: the embedded database reads 6,000 rows of a book in ~1 s without yielding.
 */
export async function* streamIndexedChunksOfDocument(
  db: Database,
  documentId: string,
  pageSize = 500,
): AsyncGenerator<IndexedChunkRow[]> {
  let after = -1;
  for (;;) {
    const rows = await db
      .select(indexedColumns)
      .from(chunks)
      .innerJoin(documents, eq(documents.id, chunks.documentId))
      .where(and(eq(chunks.documentId, documentId), gt(chunks.ordinal, after)))
      .orderBy(asc(chunks.ordinal))
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]?.ordinal ?? after;
    await nextTurn();
  }
}

/** A chunk as the source reader shows it: its text and where it is in the document. */
export type ReaderChunkRow = Pick<
  ChunkRow,
  'id' | 'ordinal' | 'text' | 'page' | 'pageLabel' | 'anchor' | 'headingPath'
>;

const readerColumns = {
  id: chunks.id,
  ordinal: chunks.ordinal,
  text: chunks.text,
  page: chunks.page,
  pageLabel: chunks.pageLabel,
  anchor: chunks.anchor,
  headingPath: chunks.headingPath,
};

/** One chunk of a document by id, or null when the document has no such chunk. */
export async function findChunkOfDocument(
  db: Database,
  documentId: string,
  chunkId: string,
): Promise<Pick<ChunkRow, 'id' | 'ordinal'> | null> {
  const [row] = await db
    .select({ id: chunks.id, ordinal: chunks.ordinal })
    .from(chunks)
    .where(and(eq(chunks.documentId, documentId), eq(chunks.id, chunkId)))
    .limit(1);
  return row ?? null;
}

/**
 * A document's chunks with ordinals from `from` (inclusive), in reading order, at most `limit`
 * (the unique (document, ordinal) index serves it: a window costs its own size, not the book's).
 */
export function findChunksFrom(
  db: Database,
  documentId: string,
  from: number,
  limit: number,
): Promise<ReaderChunkRow[]> {
  return db
    .select(readerColumns)
    .from(chunks)
    .where(and(eq(chunks.documentId, documentId), gte(chunks.ordinal, from)))
    .orderBy(asc(chunks.ordinal))
    .limit(limit);
}

/** How many chunks the knowledge base holds. */
export async function countChunks(db: Database): Promise<number> {
  const [row] = await db.select({ count: count() }).from(chunks);
  return Number(row?.count ?? 0);
}

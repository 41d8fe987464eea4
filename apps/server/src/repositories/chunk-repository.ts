import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { type ChunkRow, chunks, documents } from '../db/schema.ts';

export type NewChunk = typeof chunks.$inferInsert;

/** Large documents insert in slices so no single statement exceeds the parameter limit. */
const INSERT_BATCH = 500;

export async function insertChunks(db: Database, rows: NewChunk[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
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
> & { fileName: string; contentType: string; title: string };

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

export function findIndexedChunksOfDocuments(
  db: Database,
  documentIds: string[],
): Promise<IndexedChunkRow[]> {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .select(indexedColumns)
    .from(chunks)
    .innerJoin(documents, eq(documents.id, chunks.documentId))
    .where(and(inArray(chunks.documentId, documentIds)))
    .orderBy(asc(chunks.documentId), asc(chunks.ordinal));
}

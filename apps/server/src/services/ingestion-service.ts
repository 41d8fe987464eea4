import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Database } from '../db/database.ts';
import type { DocumentRow } from '../db/schema.ts';
import { isDiskFullError } from '../db/storage-space.ts';
import { ATTRIBUTION_VERSION } from '../knowledge/attribute.ts';
import { chunkOffThread } from '../knowledge/chunk-off-thread.ts';
import { loadDocument } from '../knowledge/load-document.ts';
import { defaultReformerNames, type ReformerNames } from '../knowledge/speaker-names.ts';
import { type ChunkDraft, LoadError, type LoadFailureReason } from '../knowledge/types.ts';
import { insertChunks } from '../repositories/chunk-repository.ts';
import {
  countChunksOfDocument,
  countDocumentsWithSha256,
  deleteDocument,
  findDocumentById,
  findDocumentBySha256,
  findDocumentsByFileName,
  findDocumentsByIdOrFileName,
  insertDocument,
} from '../repositories/document-repository.ts';
import { recordKnowledgeChange } from '../repositories/knowledge-change-repository.ts';
import { type FileStore, sha256Hex } from '../storage/file-store.ts';
import { settleCopyTitles } from './copy-titles-service.ts';

export type IngestionDeps = {
  db: Database;
  files: FileStore;
  maxFileBytes: number;
  /**
   * Who the reformer is (the persona): passages are his only when the source names him by one
   * of these names. The CLI and the admin upload pass the configured persona; without it, the
   * default persona file's names.
   */
  persona?: ReformerNames;
  /** Computes dense vectors for new chunks when embeddings are configured. */
  embedChunks?: ((documentId: string) => Promise<void>) | null;
  /** Hears every outcome (the server's metrics). */
  onOutcome?: (outcome: IngestOutcome) => void;
};

/** Pages read so far (of the page count, when the format has pages), then chunks made. */
export type IngestProgress = { pagesDone: number; pageCount: number | null; chunksDone: number };

/** What one ingest wrote: the new document and the same-named ones it replaced. */
export type IngestedChange = {
  document: DocumentRow;
  replaced: DocumentRow[];
  pages: number | null;
  chunks: number;
};

export type IngestInput = {
  fileName: string;
  bytes: Uint8Array;
  /** Re-ingest when a file of the same name was ingested with other content. */
  replace?: boolean;
  sourceLink?: string | null;
  onProgress?: (progress: IngestProgress) => void;
  /**
   * Runs inside the document's transaction, just before it commits: what it writes (an audit
   * row) commits with the document or not at all. If it throws, nothing is ingested.
   */
  beforeCommit?: (tx: Database, change: IngestedChange) => Promise<void>;
  /**
   * Reserves room for the bytes the document will take once stored (its file and its chunks'
   * text, as UTF-8) before anything is written, and is released after the last write, with its
   * error if one failed; throws when the disk has no room for them beside the documents being
   * saved (the storage guard): a small compressed file can expand eightfold, past what its
   * upload was checked for, and ingestions side by side must not each count the same free space.
   */
  reserveRoom?: (bytes: number) => { release(error?: unknown): void };
};

export type IngestOutcome =
  | {
      status: 'ingested' | 'replaced';
      document: DocumentRow;
      pages: number | null;
      chunks: number;
      warnings: string[];
    }
  | {
      status: 'skipped';
      reason: 'unchanged' | 'same_content' | 'changed';
      message: string;
      document: DocumentRow;
    }
  | { status: 'failed'; reason: LoadFailureReason | 'internal'; message: string };

/**
 * The one way documents enter the knowledge base (the CLI and the admin upload). Each document
 * is written in one transaction: a failure leaves no rows and no stored file behind.
 */
export async function ingestFile(deps: IngestionDeps, input: IngestInput): Promise<IngestOutcome> {
  const outcome = await ingest(deps, input);
  deps.onOutcome?.(outcome);
  return outcome;
}

async function ingest(deps: IngestionDeps, input: IngestInput): Promise<IngestOutcome> {
  const fileName = path.basename(input.fileName);
  const sha256 = sha256Hex(input.bytes);

  const identical = await findDocumentBySha256(deps.db, sha256);
  // Ingested before its chunks knew their speakers (or by older rules): the same file again
  // re-chunks it in place, so an existing knowledge base needs nothing but the usual ingest.
  const outdated =
    identical?.fileName === fileName && identical.attributionVersion < ATTRIBUTION_VERSION;
  if (identical && !outdated) {
    const unchanged = identical.fileName === fileName;
    return {
      status: 'skipped',
      reason: unchanged ? 'unchanged' : 'same_content',
      message: unchanged
        ? 'Unchanged since it was ingested'
        : `Same content as ${identical.fileName}, which is already ingested`,
      document: identical,
    };
  }
  const predecessors = await findDocumentsByFileName(deps.db, fileName);
  const [previous] = predecessors;
  if (previous && !input.replace && !outdated) {
    return {
      status: 'skipped',
      reason: 'changed',
      message: `A different ${fileName} is already ingested (document ${previous.id}); use --replace to replace it`,
      document: previous,
    };
  }

  let loaded: Awaited<ReturnType<typeof loadDocument>>;
  try {
    loaded = await loadDocument({
      fileName,
      bytes: input.bytes,
      maxBytes: deps.maxFileBytes,
      onProgress: input.onProgress
        ? (read) => input.onProgress?.({ ...read, chunksDone: 0 })
        : undefined,
    });
  } catch (error) {
    if (error instanceof LoadError) {
      return { status: 'failed', reason: error.reason, message: error.message };
    }
    return { status: 'failed', reason: 'internal', message: describe(error) };
  }
  let drafts: ChunkDraft[];
  try {
    drafts = await chunkOffThread(loaded, deps.persona ?? (await defaultReformerNames()));
  } catch (error) {
    if (error instanceof LoadError) {
      return { status: 'failed', reason: error.reason, message: error.message };
    }
    return { status: 'failed', reason: 'internal', message: describe(error) };
  }
  if (drafts.length === 0) {
    return { status: 'failed', reason: 'no_text', message: 'No text could be read from this file' };
  }
  input.onProgress?.({
    pagesDone: loaded.pageCount ?? 0,
    pageCount: loaded.pageCount,
    chunksDone: drafts.length,
  });

  let room: { release(error?: unknown): void } | undefined;
  if (input.reserveRoom) {
    let bytes = input.bytes.byteLength;
    for (const draft of drafts) bytes += Buffer.byteLength(draft.text);
    try {
      room = input.reserveRoom(bytes);
    } catch (error) {
      return { status: 'failed', reason: 'too_large', message: describe(error) };
    }
  }

  const documentId = randomBytes(12).toString('base64url');
  const embeds = Boolean(deps.embedChunks);
  let document: DocumentRow;
  try {
    await deps.files.put(sha256, input.bytes);
    document = await deps.db.transaction(async (tx) => {
      for (const old of predecessors) {
        await deleteDocument(tx, old.id);
        await recordKnowledgeChange(tx, old.id, 'remove');
      }
      const row = await insertDocument(tx, {
        id: documentId,
        title: loaded.title,
        titleSource: loaded.titleSource,
        fileName,
        contentType: loaded.contentType,
        sha256,
        bytes: input.bytes.byteLength,
        pageCount: loaded.pageCount,
        language: loaded.language,
        sourceLink: input.sourceLink ?? null,
        status: embeds ? 'embedding' : 'ready',
        warning: loaded.warnings.length > 0 ? loaded.warnings.join('; ') : null,
        attributionVersion: ATTRIBUTION_VERSION,
        // The file read again (or replaced) keeps what an admin set on it (ADR 034).
        ...setByAdmin(predecessors),
      });
      await insertChunks(
        tx,
        drafts.map((draft) => ({
          id: `${documentId}-${draft.ordinal}`,
          documentId,
          ordinal: draft.ordinal,
          page: draft.page,
          startPage: draft.startPage,
          endPage: draft.endPage,
          pageLabel: draft.pageLabel,
          headingPath: draft.headingPath,
          anchor: draft.anchor,
          text: draft.text,
          wordCount: draft.wordCount,
          language: draft.language,
          speakerRole: draft.attribution.speakerRole,
          speaker: draft.attribution.speaker,
          textKind: draft.attribution.textKind,
        })),
      );
      await recordKnowledgeChange(tx, documentId, 'upsert');
      await input.beforeCommit?.(tx, {
        document: row,
        replaced: predecessors,
        pages: loaded.pageCount,
        chunks: drafts.length,
      });
      return row;
    });
  } catch (error) {
    room?.release(error);
    await removeFileIfUnused(deps, sha256);
    if (isDiskFullError(error)) {
      const message = 'The storage filled up while this document was saved; nothing of it was kept';
      return { status: 'failed', reason: 'too_large', message };
    }
    return { status: 'failed', reason: 'internal', message: describe(error) };
  }
  // Committed: its file and WAL are on disk, and the free space shows them from here on (pages
  // still in PGlite's 32 MB of buffers are written later, within the reserve).
  room?.release();
  for (const old of predecessors) await removeFileIfUnused(deps, old.sha256);
  // A file that names itself nowhere takes the title of a copy of its work (issue #29 item 5).
  document = await settleCopyTitles(deps.db, document);

  const warnings = [...loaded.warnings];
  if (deps.embedChunks) {
    try {
      await deps.embedChunks(documentId);
    } catch (error) {
      // The text is indexed and searchable; dense vectors resume on the next start or run.
      warnings.push(`Embeddings pending (${describe(error)}); they resume on the next run`);
    }
  }
  return {
    status: previous ? 'replaced' : 'ingested',
    document,
    pages: loaded.pageCount,
    chunks: drafts.length,
    warnings,
  };
}

export type RemovedDocument = { document: DocumentRow; chunks: number };

export type RemoveHooks = {
  /** Runs inside the removal's transaction for each document removed (an audit row). */
  beforeCommit?: (tx: Database, removed: RemovedDocument) => Promise<void>;
};

/** Removes documents by id or file name (the CLI's --remove); returns what was removed. */
export async function removeDocuments(deps: IngestionDeps, key: string): Promise<DocumentRow[]> {
  const found = await findDocumentsByIdOrFileName(deps.db, key);
  const removed = await removeFound(deps, found, {});
  return removed.map((entry) => entry.document);
}

/** Removes one document by id only (an admin's Remove); null when no document has that id. */
export async function removeDocumentById(
  deps: IngestionDeps,
  id: string,
  hooks: RemoveHooks = {},
): Promise<RemovedDocument | null> {
  const document = await findDocumentById(deps.db, id);
  if (!document) return null;
  const [removed] = await removeFound(deps, [document], hooks);
  return removed ?? null;
}

async function removeFound(
  deps: IngestionDeps,
  found: DocumentRow[],
  hooks: RemoveHooks,
): Promise<RemovedDocument[]> {
  if (found.length === 0) return [];
  const removed = await deps.db.transaction(async (tx) => {
    const done: RemovedDocument[] = [];
    for (const document of found) {
      const chunks = await countChunksOfDocument(tx, document.id);
      // Another request may have removed it since it was found: then there is nothing to record.
      if (!(await deleteDocument(tx, document.id))) continue;
      await recordKnowledgeChange(tx, document.id, 'remove');
      await hooks.beforeCommit?.(tx, { document, chunks });
      done.push({ document, chunks });
    }
    return done;
  });
  for (const { document } of removed) await removeFileIfUnused(deps, document.sha256);
  return removed;
}

async function removeFileIfUnused(deps: IngestionDeps, sha256: string): Promise<void> {
  if ((await countDocumentsWithSha256(deps.db, sha256)) === 0) await deps.files.remove(sha256);
}

/** What an admin set on the documents a new one replaces: the first that has any. */
function setByAdmin(predecessors: readonly DocumentRow[]) {
  const set = predecessors.find(
    (row) =>
      row.titleOverride !== null || row.author !== null || row.volume !== null || row.year !== null,
  );
  return set
    ? { titleOverride: set.titleOverride, author: set.author, volume: set.volume, year: set.year }
    : {};
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

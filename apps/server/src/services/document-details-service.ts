import type {
  AdminDocument,
  UpdateDocumentDetailsRequest,
} from '@samvad/contracts/admin-documents';
import type { Database } from '../db/database.ts';
import type { DocumentRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { presentAdminDocument } from '../presenters/document-presenter.ts';
import { recordAdminAction } from '../repositories/admin-log-repository.ts';
import {
  countChunksOfDocument,
  type DocumentDetailsValues,
  findDocumentById,
  updateDocumentDetails,
} from '../repositories/document-repository.ts';
import { recordKnowledgeChange } from '../repositories/knowledge-change-repository.ts';
import type { AdminCall } from './admin-user-service.ts';

/** The request as the route's schema leaves it: text trimmed, fields absent when not sent. */
type DetailsChange = {
  [Field in keyof UpdateDocumentDetailsRequest]?: Exclude<
    UpdateDocumentDetailsRequest[Field],
    undefined
  >;
};

/**
 * Edit details in the Knowledge Base tab (ADR 034): sets the title, author, volume and year an
 * admin gives, with its audit row and a knowledge change in one transaction. The change is what
 * carries the edit to every process's index (each reloads the document's passages from the
 * database; nothing is embedded again), so the next answer cites the new details. `changed` is
 * false when the values were already so: then nothing is written, not even an audit row.
 */
export async function setDocumentDetails(
  db: Database,
  call: AdminCall,
  id: string,
  change: DetailsChange,
): Promise<{ document: AdminDocument; changed: boolean }> {
  return db.transaction(async (tx) => {
    const before = await findDocumentById(tx, id);
    if (!before) throw new AppError('not_found', `No document has the id ${id}`);
    const next = nextDetails(before, change);
    const previous = detailsOf(before);
    const changed = (Object.keys(next) as (keyof DocumentDetailsValues)[]).some(
      (field) => next[field] !== previous[field],
    );
    if (!changed) {
      const chunkCount = await countChunksOfDocument(tx, id);
      return { document: presentAdminDocument({ ...before, chunkCount }), changed };
    }
    const row = await updateDocumentDetails(tx, id, next, call.now);
    // Removed by another request since it was read: as if it had never been there.
    if (!row) throw new AppError('not_found', `No document has the id ${id}`);
    await recordKnowledgeChange(tx, id, 'upsert');
    await recordAdminAction(tx, call.actor, {
      action: 'update_document_details',
      details: {
        documentId: id,
        fileName: before.fileName,
        before: auditedDetails(before, previous),
        after: auditedDetails(row, next),
      },
      at: call.now,
    });
    const chunkCount = await countChunksOfDocument(tx, id);
    return { document: presentAdminDocument({ ...row, chunkCount }), changed };
  });
}

function detailsOf(row: DocumentRow): DocumentDetailsValues {
  return {
    titleOverride: row.titleOverride,
    author: row.author,
    volume: row.volume,
    year: row.year,
  };
}

/**
 * The details once `change` is applied. A title equal to the one read from the file is no
 * correction: it is kept as none, so a re-read of the file may still improve it.
 */
function nextDetails(row: DocumentRow, change: DetailsChange): DocumentDetailsValues {
  const current = detailsOf(row);
  const title = change.title === undefined ? current.titleOverride : change.title;
  return {
    titleOverride: title === null || title === row.title.replace(/\s+/g, ' ').trim() ? null : title,
    author: change.author === undefined ? current.author : change.author,
    volume: change.volume === undefined ? current.volume : change.volume,
    year: change.year === undefined ? current.year : change.year,
  };
}

/** The audit row's view: the title shown (whoever set it) and what the admin set. */
function auditedDetails(row: DocumentRow, details: DocumentDetailsValues) {
  return {
    title: details.titleOverride ?? row.title,
    titleSetByAdmin: details.titleOverride !== null,
    author: details.author,
    volume: details.volume,
    year: details.year,
  };
}

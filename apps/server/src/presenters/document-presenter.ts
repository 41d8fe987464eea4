import type { AdminDocument } from '@samvad/contracts/admin-documents';
import type { DocumentWithChunkCount } from '../repositories/document-repository.ts';

/** A document as the Knowledge Base tab shows it: no hash, no storage details. */
export function presentAdminDocument(row: DocumentWithChunkCount): AdminDocument {
  return {
    id: row.id,
    title: row.title,
    fileName: row.fileName,
    contentType: row.contentType,
    bytes: row.bytes,
    pageCount: row.pageCount,
    chunkCount: row.chunkCount,
    language: row.language,
    status: row.status,
    warning: row.warning,
    createdAt: row.createdAt.toISOString(),
  };
}

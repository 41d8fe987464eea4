import { EmbeddingStatus } from './embedding-status.tsx';
import { KnowledgeBaseDocuments } from './knowledge-base-documents.tsx';
import { KnowledgeBaseEmpty } from './knowledge-base-empty.tsx';
import { KnowledgeBaseUpload } from './knowledge-base-upload.tsx';

/**
 * The Knowledge Base tab: what to do while it is empty, upload with per-file progress, search
 * by meaning (the embedding model and its progress), the document list, remove.
 */
export function KnowledgeBaseTab() {
  return (
    <div className="grid min-w-0 gap-6">
      <KnowledgeBaseEmpty />
      <KnowledgeBaseUpload />
      <EmbeddingStatus />
      <KnowledgeBaseDocuments />
    </div>
  );
}

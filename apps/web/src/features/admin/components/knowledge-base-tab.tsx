import { KnowledgeBaseDocuments } from './knowledge-base-documents.tsx';
import { KnowledgeBaseUpload } from './knowledge-base-upload.tsx';

/** The Knowledge Base tab: upload with per-file progress, the document list, remove. */
export function KnowledgeBaseTab() {
  return (
    <div className="grid min-w-0 gap-6">
      <KnowledgeBaseUpload />
      <KnowledgeBaseDocuments />
    </div>
  );
}

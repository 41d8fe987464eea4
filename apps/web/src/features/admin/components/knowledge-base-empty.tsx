import { LibraryBig } from 'lucide-react';
import { useId } from 'react';
import { useAdminDocuments } from '../api/list-documents.ts';

/**
 * The call to action of an empty knowledge base (issue 20): until documents are added, every
 * answer is "no documents have been added yet", so the tab says what to do about it first.
 */
export function KnowledgeBaseEmpty() {
  const list = useAdminDocuments();
  const titleId = useId();
  if (list.data?.documents.length !== 0) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="flex items-start gap-4 rounded-2xl border border-primary/25 bg-primary/5 p-4 sm:p-6"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
        <LibraryBig aria-hidden className="size-5" />
      </span>
      <div className="grid min-w-0 gap-1.5 text-sm leading-relaxed">
        <h2 id={titleId} className="font-serif text-xl font-medium tracking-tight">
          The knowledge base is empty
        </h2>
        <p className="text-muted-foreground">
          Answers can only cite documents that have been added. Upload the writings below (PDF,
          EPUB, DOCX, HTML, Markdown or text), or ingest a folder on the server with{' '}
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">
            npm run ingest -- &lt;folder&gt;
          </code>
          .
        </p>
      </div>
    </section>
  );
}

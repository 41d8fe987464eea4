import { ArrowLeft, Download, FileText } from 'lucide-react';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../shared/ui/button.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { isNotFound, useDocumentText } from '../api/get-document-text.ts';
import type { PdfReaderTarget } from '../lib/pdf-target.ts';
import { type ReaderPassage, readerPassages } from '../lib/reader-passages.ts';
import { PdfPageView } from './pdf-page-view.tsx';
import { ReaderPassageView } from './reader-passage.tsx';

export const SOURCE_NOT_FOUND = 'This source is not in the knowledge base any more.';

const FORMAT_NAMES: Record<string, string> = {
  pdf: 'PDF',
  text: 'Plain text',
  markdown: 'Markdown',
  html: 'Web page',
  epub: 'EPUB book',
  docx: 'Word document',
};

type SourceReaderProps = {
  documentId: string;
  chunkId: string | null;
  /** A PDF's page to draw, with the cited text to highlight on it (issue #29). */
  pdf?: PdfReaderTarget | null;
};

/**
 * A source in the app (issue 20): the document's title and text, opened at the cited passage,
 * which is highlighted, scrolled into view and focused; text before and after loads a window at a
 * time; the original file can be downloaded. A PDF opened at a page shows that page as printed,
 * the cited text highlighted on it, instead of the text.
 */
export function SourceReader({ documentId, chunkId, pdf = null }: SourceReaderProps) {
  const text = useDocumentText(documentId, chunkId);
  const pages = text.data?.pages;
  const passages = useMemo(() => (pages ? readerPassages(pages, chunkId) : []), [pages, chunkId]);
  const cited = useRef<HTMLElement>(null);
  const arrived = useRef(false);

  // Once, when the cited passage first renders: later windows must not pull the reader back.
  useEffect(() => {
    const element = cited.current;
    if (arrived.current || !element || passages.length === 0) return;
    arrived.current = true;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView?.({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
    element.focus({ preventScroll: true });
  }, [passages]);

  const document = pages?.[0];
  if (text.isError) {
    return isNotFound(text.error) ? (
      <div role="alert" className="mx-auto w-full max-w-2xl py-10 text-muted-foreground">
        <p>{SOURCE_NOT_FOUND}</p>
        <Link to="/chat" className="mt-4 inline-flex font-medium text-primary hover:underline">
          Back to the chat
        </Link>
      </div>
    ) : (
      <LoadError className="mx-auto w-full max-w-2xl py-10" onRetry={() => void text.refetch()} />
    );
  }
  if (!document) {
    return (
      <p role="status" className="mx-auto w-full max-w-2xl py-10 text-muted-foreground">
        Loading the source…
      </p>
    );
  }

  const fileUrl = `/api/documents/${encodeURIComponent(document.id)}/file`;
  return (
    <article className="mx-auto w-full max-w-2xl" aria-labelledby="source-title">
      <header className="border-b border-border pb-5">
        <Link
          to="/chat"
          className="-ml-1 inline-flex items-center gap-1 rounded-md px-1 py-0.5 text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back to the chat
        </Link>
        <h1
          id="source-title"
          className="mt-3 font-serif text-2xl font-semibold tracking-tight break-words text-foreground sm:text-3xl"
        >
          {document.title}
        </h1>
        <p className="mt-2 flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
          <FileText aria-hidden className="size-4 shrink-0" />
          <span className="truncate" title={document.fileName}>
            {document.fileName}
          </span>
          <span aria-hidden>·</span>
          <span className="shrink-0">{FORMAT_NAMES[document.format] ?? 'File'}</span>
        </p>
        <Button asChild variant="outline" className="mt-4">
          <a href={fileUrl} download={document.fileName}>
            <Download aria-hidden />
            Download the original
          </a>
        </Button>
      </header>

      {document.format === 'pdf' && pdf ? (
        <PdfPageView fileUrl={fileUrl} target={pdf} />
      ) : (
        <ReaderText text={text} passages={passages} cited={cited} />
      )}
    </article>
  );
}

/** The document's text as passages, with windows before and after to load. */
function ReaderText({
  text,
  passages,
  cited,
}: {
  text: ReturnType<typeof useDocumentText>;
  passages: ReaderPassage[];
  cited: RefObject<HTMLElement | null>;
}) {
  return (
    <>
      {text.hasPreviousPage && (
        <MoreButton
          loading={text.isFetchingPreviousPage}
          onClick={() => void text.fetchPreviousPage()}
          label="Show earlier text"
        />
      )}
      <div className="mt-6 space-y-6">
        {passages.map((passage) => (
          <ReaderPassageView
            key={passage.id}
            passage={passage}
            ref={passage.cited ? cited : undefined}
          />
        ))}
      </div>
      {text.hasNextPage && (
        <MoreButton
          loading={text.isFetchingNextPage}
          onClick={() => void text.fetchNextPage()}
          label="Show more text"
        />
      )}
    </>
  );
}

function MoreButton({
  loading,
  onClick,
  label,
}: {
  loading: boolean;
  onClick(): void;
  label: string;
}) {
  return (
    <div className="my-6 flex justify-center">
      <Button variant="outline" onClick={onClick} disabled={loading} aria-busy={loading}>
        {loading ? 'Loading…' : label}
      </Button>
    </div>
  );
}

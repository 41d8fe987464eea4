import { ExternalLink } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import type { RenderedPdfPage } from '../lib/pdf-page-renderer.ts';
import type { PdfReaderTarget } from '../lib/pdf-target.ts';

type PdfPageViewProps = { fileUrl: string; target: PdfReaderTarget };

type State =
  | { status: 'loading' }
  | { status: 'error' }
  | ({ status: 'ready' } & Omit<RenderedPdfPage, 'marks'> & { marked: number });

/** "Printed page 67 · PDF page 45"; the PDF page alone when the printed one is not known. */
export function pageHeading(page: number, printed: string | null): string {
  return printed && printed !== String(page)
    ? `Printed page ${printed} · PDF page ${page}`
    : `PDF page ${page}`;
}

/**
 * A PDF source's page as printed (issue #29): pdf.js draws it on a canvas, lays its text over it
 * (selectable, and what screen readers read) and marks the cited text, which is scrolled into
 * view. pdf.js is imported here, when a PDF page is shown, and nowhere else.
 */
export function PdfPageView({ fileUrl, target }: PdfPageViewProps) {
  const headingId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { page, quote, label } = target;

  useEffect(() => {
    const controller = new AbortController();
    const canvasElement = canvas.current;
    const layerElement = textLayer.current;
    // `attempt` is a dependency so that 'Try again' draws the page anew.
    if (!canvasElement || !layerElement || attempt < 0) return;
    setState({ status: 'loading' });
    (async () => {
      const { renderPdfPage } = await import('../lib/pdf-page-renderer.ts');
      if (controller.signal.aborted) return;
      const rendered = await renderPdfPage({
        url: fileUrl,
        page,
        canvas: canvasElement,
        textLayer: layerElement,
        width: frame.current?.clientWidth || 640,
        quote,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      const { marks, ...rest } = rendered;
      setState({ status: 'ready', ...rest, marked: marks.length });
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      marks[0]?.scrollIntoView?.({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    })().catch(() => {
      if (!controller.signal.aborted) setState({ status: 'error' });
    });
    return () => controller.abort();
  }, [fileUrl, page, quote, attempt]);

  const printed = label ?? (state.status === 'ready' ? state.pageLabel : null);
  const shown = state.status === 'ready' ? Math.min(page, state.pageCount) : page;
  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-sm font-semibold text-foreground tabular-nums">
          {pageHeading(shown, printed)}
        </h2>
        <a
          href={`${fileUrl}#page=${shown}`}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline"
        >
          Open the PDF at this page
          <ExternalLink aria-hidden className="size-3.5" />
        </a>
      </div>
      {state.status !== 'error' && (
        <p role="status" className="mt-1 text-sm text-muted-foreground">
          {statusText(state, quote)}
        </p>
      )}
      {state.status === 'error' && (
        <LoadError className="py-4" onRetry={() => setAttempt((count) => count + 1)} />
      )}
      <div ref={frame} className="mt-4 w-full">
        <section
          aria-labelledby={headingId}
          aria-busy={state.status === 'loading'}
          className="pdf-page mx-auto w-fit max-w-full overflow-hidden rounded-sm shadow-sm ring-1 ring-border"
          hidden={state.status === 'error'}
        >
          <canvas ref={canvas} aria-hidden />
          {/* Filled by pdf.js: React renders it empty and never touches its children. */}
          <div ref={textLayer} className="textLayer" />
        </section>
      </div>
    </div>
  );
}

function statusText(state: Exclude<State, { status: 'error' }>, quote: string | null): string {
  if (state.status === 'loading') return 'Drawing the page…';
  if (!quote) return 'The page the answer cites.';
  return state.marked > 0
    ? 'The cited passage is highlighted.'
    : 'The cited passage could not be found on this page; it may begin on the page before.';
}

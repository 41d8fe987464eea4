import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentLoadingTask,
  type RenderTask,
  TextLayer,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { highlightedRuns } from './pdf-highlight.ts';
import './pdf-text-layer.css';

// Loaded only by the reader of a PDF (a dynamic import): pdf.js never weighs on the chat's bundle.
// The worker is a file of our own origin, which the CSP's script-src 'self' already allows.
GlobalWorkerOptions.workerSrc = workerUrl;

export type RenderPdfPageOptions = {
  url: string;
  page: number;
  canvas: HTMLCanvasElement;
  textLayer: HTMLElement;
  /** CSS pixels the page may take across; it is drawn at most at 1.5 times its size. */
  width: number;
  quote: string | null;
  signal: AbortSignal;
};

export type RenderedPdfPage = {
  pageCount: number;
  /** The number the PDF itself prints on the page (its page labels), when it has one. */
  pageLabel: string | null;
  /** The marks over the cited text, in page order; empty when it was not found on the page. */
  marks: HTMLElement[];
};

const MAX_SCALE = 1.5;

/**
 * Draws one page of a PDF on the canvas, lays its text over it as pdf.js's text layer (so the
 * page can be selected, copied and searched, and read by screen readers) and marks the runs that
 * hold the cited text. Aborting stops the download, the drawing and the worker.
 */
export async function renderPdfPage(options: RenderPdfPageOptions): Promise<RenderedPdfPage> {
  const { url, page, canvas, textLayer, width, quote, signal } = options;
  // An abort before this call would never fire the listener below (React's development mode
  // mounts twice): two drawings of one canvas at once are refused by pdf.js.
  signal.throwIfAborted();
  const loading: PDFDocumentLoadingTask = getDocument({ url });
  let drawing: RenderTask | null = null;
  let layer: TextLayer | null = null;
  const stop = () => {
    drawing?.cancel();
    layer?.cancel();
    void loading.destroy();
  };
  signal.addEventListener('abort', stop, { once: true });
  try {
    const pdf = await loading.promise;
    const pdfPage = await pdf.getPage(Math.min(page, pdf.numPages));
    signal.throwIfAborted();
    const natural = pdfPage.getViewport({ scale: 1 });
    const scale = Math.min(MAX_SCALE, width / natural.width);
    const viewport = pdfPage.getViewport({ scale });
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.floor(viewport.width * ratio);
    canvas.height = Math.floor(viewport.height * ratio);
    canvas.style.width = `${Math.floor(viewport.width)}px`;
    canvas.style.height = `${Math.floor(viewport.height)}px`;
    // The text layer sizes itself and its runs from this variable (pdf.js's viewer sets it too).
    textLayer.parentElement?.style.setProperty('--scale-factor', String(scale));
    textLayer.replaceChildren();

    drawing = pdfPage.render({
      canvas,
      viewport,
      transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
    });
    layer = new TextLayer({
      textContentSource: pdfPage.streamTextContent(),
      container: textLayer,
      viewport,
    });
    const [labels] = await Promise.all([
      pdf.getPageLabels().catch(() => null),
      drawing.promise,
      layer.render(),
    ]);
    const marks = quote ? markRuns(layer.textDivs, layer.textContentItemsStr, quote) : [];
    return { pageCount: pdf.numPages, pageLabel: labels?.[pdfPage.pageNumber - 1] ?? null, marks };
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/** Wraps the text of each run holding the quote in a <mark>: a highlight, and said as one. */
function markRuns(runs: HTMLElement[], texts: string[], quote: string): HTMLElement[] {
  return highlightedRuns(texts, quote).flatMap((index) => {
    const run = runs[index];
    if (!run) return [];
    const mark = document.createElement('mark');
    mark.append(...run.childNodes);
    run.append(mark);
    return [mark];
  });
}

/**
 * The PDF page a reader URL asks for, `/sources/<document>?page=<PDF page>&label=<printed page>
 * &q=<cited text>` (written by message-content/lib/pdf-reader-link.ts for a PDF source).
 */

const LABEL_MAX = 64;
const PAGE_MAX = 999_999;
/** Twice what the link writes: a hand-edited URL is cut, not refused. */
const QUOTE_MAX = 600;

export type PdfReaderTarget = {
  page: number;
  /** The number printed on the page, when known and not the PDF page's own. */
  label: string | null;
  /** The text to highlight; null when the link carried none. */
  quote: string | null;
};

/** The PDF page the reader was asked to draw, or null (then it shows the text as for any format). */
export function readPdfTarget(search: URLSearchParams): PdfReaderTarget | null {
  const page = Number(search.get('page'));
  if (!Number.isInteger(page) || page < 1 || page > PAGE_MAX) return null;
  const label = search.get('label')?.trim().slice(0, LABEL_MAX) || null;
  const quote = search.get('q')?.replace(/\s+/g, ' ').trim().slice(0, QUOTE_MAX) || null;
  return { page, label, quote };
}

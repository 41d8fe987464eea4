import type { Source } from '@samvad/contracts/sources';

/**
 * A PDF source in the reader (issue #29): `/sources/<document>?page=<PDF page>&label=<printed
 * page>&q=<cited text>`, read back by the reader's route (source-reader/lib/pdf-target.ts). The
 * API's link stays the file itself, `/api/documents/<id>/file#page=N` (measured from outside, and
 * posted quotes cite it): the web app reads the document and page off it and opens the reader
 * instead, which draws that page and highlights the cited text on it. Kept apart from the reader's
 * code so the chat's bundle and the reader's share no chunk for it.
 */

// What the server writes for a PDF passage with a page (source-presenter.ts: ownDocumentLink).
const PDF_FILE_LINK = /^\/api\/documents\/([\w-]{1,64})\/file#page=([1-9]\d{0,5})$/;

/** Characters of cited text carried in the URL: a sentence or two is enough to find the spot. */
export const READER_QUOTE_MAX = 300;
const LABEL_MAX = 64;

/** The reader's URL for a PDF source at its page; null for any other link. */
export function pdfReaderLink(
  source: Pick<Source, 'link' | 'quote' | 'excerpt' | 'page_label'>,
): string | null {
  const match = PDF_FILE_LINK.exec(source.link ?? '');
  if (!match) return null;
  const [, documentId = '', page = ''] = match;
  const query = new URLSearchParams({ page });
  const label = source.page_label?.trim();
  if (label && label !== page && label.length <= LABEL_MAX) query.set('label', label);
  const quote = boundedQuote(source.quote ?? source.excerpt ?? '', READER_QUOTE_MAX);
  if (quote) query.set('q', quote);
  return `/sources/${documentId}?${query}`;
}

/** The text collapsed to single spaces, without the excerpt's ellipsis, cut at a word. */
export function boundedQuote(text: string, max: number): string {
  const flat = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*(…|\.\.\.)$/, '');
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return space > max / 2 ? cut.slice(0, space) : cut;
}

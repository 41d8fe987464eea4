import type { AdminDocument } from '@samvad/contracts/admin-documents';
import type { DocumentFormat, DocumentTextResponse } from '@samvad/contracts/source-reader';
import type { DocumentRow } from '../db/schema.ts';
import { titleFromFileName } from '../knowledge/title.ts';
import type { ReaderChunkRow } from '../repositories/chunk-repository.ts';
import type { DocumentWithChunkCount } from '../repositories/document-repository.ts';
import { paragraphIdOf } from './source-presenter.ts';

/** A document as the Knowledge Base tab shows it: no hash, no storage details. */
export function presentAdminDocument(row: DocumentWithChunkCount): AdminDocument {
  return {
    id: row.id,
    title: row.titleOverride ?? row.title,
    extractedTitle: row.title,
    // Documents ingested before title sources were recorded: a title that is the tidied file
    // name is flagged all the same, so the admin sees what to correct.
    titleSource:
      row.titleSource ?? (row.title === titleFromFileName(row.fileName) ? 'file_name' : null),
    details: {
      title: row.titleOverride,
      author: row.author,
      volume: row.volume,
      year: row.year,
    },
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

const FORMATS: Record<string, DocumentFormat> = {
  'application/pdf': 'pdf',
  'text/plain': 'text',
  'text/markdown': 'markdown',
  'text/html': 'html',
  'application/epub+zip': 'epub',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/**
 * A window of a document's text for the source reader. `previous` is the chunk just before the
 * window (when there is one): each chunk says how much of its start repeats the one before it.
 */
export function presentDocumentText(
  document: Pick<DocumentRow, 'id' | 'title' | 'fileName' | 'contentType'> &
    Partial<Pick<DocumentRow, 'titleOverride'>>,
  window: readonly ReaderChunkRow[],
  previous: ReaderChunkRow | null,
  hasMoreAfter: boolean,
): DocumentTextResponse {
  const first = window[0];
  const last = window[window.length - 1];
  return {
    id: document.id,
    title: document.titleOverride ?? document.title,
    fileName: document.fileName,
    format: FORMATS[document.contentType] ?? 'other',
    chunks: window.map((row, index) => {
      const before = index === 0 ? previous : (window[index - 1] ?? null);
      const follows = before !== null && before.ordinal === row.ordinal - 1;
      return {
        id: row.id,
        ordinal: row.ordinal,
        text: row.text,
        page: row.page,
        pageLabel: row.pageLabel,
        paragraphId: paragraphIdOf(row.anchor),
        heading: row.headingPath[row.headingPath.length - 1] ?? null,
        repeatsPrevious: follows ? repeatedOpening(before.text, row.text) : 0,
      };
    }),
    before: first && first.ordinal > 0 ? first.ordinal : null,
    after: last && hasMoreAfter ? last.ordinal : null,
  };
}

/** A repeated opening must end a sentence: a chance match of a word or two is not an overlap. */
const SENTENCE_END = /[.!?।…]["'”’)\]]*$/u;

/**
 * How many characters at the start of `text` repeat the end of `previous` (the chunker's
 * overlap: whole sentences carried over), compared with whitespace collapsed; 0 when none do.
 */
export function repeatedOpening(previous: string, text: string): number {
  const tail = previous.replace(/\s+/g, ' ').trim();
  let repeated = 0;
  for (const boundary of text.matchAll(/\s+/g)) {
    const end = boundary.index;
    if (end > tail.length + 16) break;
    const head = text.slice(0, end);
    if (!SENTENCE_END.test(head)) continue;
    if (tail.endsWith(head.replace(/\s+/g, ' ').trim())) repeated = end + boundary[0].length;
  }
  // The whole chunk repeated (never expected): show it rather than nothing.
  return repeated >= text.trimEnd().length ? 0 : repeated;
}

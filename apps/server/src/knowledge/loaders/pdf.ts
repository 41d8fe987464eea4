/**
 * PDF loader: the text layer, page by page, through pdf.js (bundled by unpdf, worker-less).
 */
import { getDocumentProxy } from 'unpdf';
import { GARBLED_MESSAGE, looksGarbled, looksGarbledLine } from '../garbled.ts';
import { countWords } from '../language.ts';
import { collectHyphenEvidence, hasContent, normaliseText } from '../normalise.ts';
import { LoadError, type LoadedBlock, type LoadProgressListener } from '../types.ts';
import { removeFurniture } from './pdf-furniture.ts';
import { buildLines, type PdfLine, type RawTextItem } from './pdf-lines.ts';
import { buildBlocks, measureLayout } from './pdf-paragraphs.ts';
import type { LoaderResult } from './result.ts';

export const DAMAGED_PDF_MESSAGE = 'PDF is damaged or truncated';

export const NO_TEXT_MESSAGE =
  'No text could be extracted from this PDF: its pages seem to be scanned images. ' +
  'Run OCR on it (for example with OCRmyPDF) and upload the result.';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

async function open(bytes: Uint8Array): Promise<PdfDocument> {
  try {
    // pdf.js may take ownership of the buffer it is given; the caller keeps its bytes.
    return await getDocumentProxy(bytes.slice(), { verbosity: 0 });
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new LoadError('unsupported', 'PDF is password-protected; remove the password first', {
        cause: error,
      });
    }
    throw new LoadError('damaged', DAMAGED_PDF_MESSAGE, { cause: error });
  }
}

/** Titles that are really file names or producer boilerplate say nothing about the book. */
function meaningfulTitle(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const title = normaliseText(value);
  if ((title.match(/\p{L}/gu)?.length ?? 0) < 3) return null;
  if (/^(untitled|microsoft word|document\d*$|title$)/i.test(title)) return null;
  if (/\.(pdf|docx?|rtf|txt|indd|qxd|p65|tex)$/i.test(title)) return null;
  return title;
}

async function readMetadataTitle(pdf: PdfDocument): Promise<string | null> {
  try {
    const { info, metadata } = await pdf.getMetadata();
    const fromInfo = meaningfulTitle((info as Record<string, unknown>).Title);
    return fromInfo ?? meaningfulTitle(metadata?.get('dc:title'));
  } catch {
    return null;
  }
}

async function readLabels(pdf: PdfDocument): Promise<string[] | null> {
  try {
    const labels = await pdf.getPageLabels();
    return labels && labels.length === pdf.numPages ? labels : null;
  } catch {
    return null;
  }
}

async function readPageLines(
  pdf: PdfDocument,
  warnings: string[],
  onProgress: LoadProgressListener | undefined,
): Promise<PdfLine[][]> {
  const pages: PdfLine[][] = [];
  let failed = 0;
  for (let number = 1; number <= pdf.numPages; number++) {
    try {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const items = content.items.filter(
        (item): item is RawTextItem & typeof item => 'str' in item,
      );
      pages.push(buildLines(items, number));
      page.cleanup();
    } catch {
      failed++;
      pages.push([]);
    }
    onProgress?.({ pagesDone: number, pageCount: pdf.numPages });
  }
  if (failed === pdf.numPages) throw new LoadError('damaged', DAMAGED_PDF_MESSAGE);
  if (failed > 0) warnings.push(`${failed} page(s) could not be read and were skipped.`);
  return pages;
}

/** Reading the pages is most of the time a large PDF takes, so progress counts pages read. */
export async function loadPdf(
  bytes: Uint8Array,
  options: { onProgress?: LoadProgressListener } = {},
): Promise<LoaderResult> {
  const pdf = await open(bytes);
  try {
    const warnings: string[] = [];
    options.onProgress?.({ pagesDone: 0, pageCount: pdf.numPages });
    const [title, pdfLabels] = await Promise.all([readMetadataTitle(pdf), readLabels(pdf)]);
    const rawPages = await readPageLines(pdf, warnings, options.onProgress);
    if (!rawPages.some((lines) => lines.some((line) => hasContent(line.text)))) {
      throw new LoadError('no_text', NO_TEXT_MESSAGE);
    }
    // Judge the whole text layer before any garbled line is dropped below.
    if (
      looksGarbled(
        rawPages
          .flat()
          .map((line) => line.text)
          .join('\n'),
      )
    ) {
      throw new LoadError('garbled', GARBLED_MESSAGE);
    }
    const furniture = removeFurniture(rawPages, pdfLabels);
    const { labels } = furniture;
    const garbledPages = new Set<number>();
    const pages = furniture.pages.map((lines) =>
      lines.filter((line) => {
        const garbled = looksGarbledLine(line.text);
        if (garbled) garbledPages.add(line.page);
        return !garbled;
      }),
    );
    const evidence = collectHyphenEvidence(
      pages
        .flat()
        .map((line) => line.text)
        .join('\n'),
    );
    const rawBlocks = buildBlocks(pages, measureLayout(pages));
    const blocks: LoadedBlock[] = [];
    for (const raw of rawBlocks) {
      const first = raw.lines[0];
      const last = raw.lines[raw.lines.length - 1];
      if (!first || !last) continue;
      const text = normaliseText(raw.lines.map((line) => line.text).join('\n'), evidence);
      if (!hasContent(text)) continue;
      if (looksGarbledLine(text)) {
        garbledPages.add(first.page);
        continue;
      }
      // Title pages set whole sentences in large type; those are not headings.
      const kind = raw.kind === 'heading' && countWords(text) <= 20 ? 'heading' : 'paragraph';
      blocks.push({
        kind,
        ...(kind === 'heading' ? { level: raw.level ?? 1 } : {}),
        text,
        page: first.page,
        endPage: last.page,
        pageLabel: labels[first.page - 1] ?? null,
        anchor: null,
      });
    }
    if (garbledPages.size > 0) {
      const list = [...garbledPages].sort((a, b) => a - b).join(', ');
      warnings.push(
        `Some lines on page(s) ${list} are in a legacy non-Unicode font and were left out.`,
      );
    }
    return { blocks, title, pageCount: pdf.numPages, warnings };
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}

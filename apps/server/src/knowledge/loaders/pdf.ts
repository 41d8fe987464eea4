/**
 * PDF loader: the text layer, page by page, through pdf.js (bundled by unpdf, worker-less).
 */
import { getDocumentProxy } from 'unpdf';
import {
  countGarble,
  countJoined,
  GARBLED_MESSAGE,
  type GarbleCounts,
  isGarbledLine,
  isGarbledText,
  NO_TOKENS,
} from '../garbled.ts';
import { countWords, splitSentences } from '../language.ts';
import { legacyFontDecoders } from '../legacy-devanagari/detect.ts';
import { collectHyphenEvidence, hasContent, normaliseText } from '../normalise.ts';
import { LoadError, type LoadedBlock, type LoadProgressListener } from '../types.ts';
import { removeFurniture } from './pdf-furniture.ts';
import { buildLines, type PdfLine, type RawTextItem } from './pdf-lines.ts';
import { recoverLostUpdate } from './pdf-lost-update.ts';
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
    const recovered = recoverLostUpdate(bytes);
    return await getDocumentProxy(recovered === bytes ? bytes.slice() : recovered, {
      verbosity: 0,
    });
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

/** A page's text items, or null when pdf.js cannot read it. */
async function readPageItems(pdf: PdfDocument, number: number): Promise<RawTextItem[] | null> {
  try {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    page.cleanup();
    // pdf.js's own items, not copies: copying millions of them (a content-stream bomb) cost
    // time and memory before the reader's limits stopped it.
    return content.items.filter((item): item is RawTextItem & typeof item => 'str' in item);
  } catch {
    return null;
  }
}

/**
 * pdf.js inflates content streams on libuv's thread pool: asking for the next pages before the
 * current one is turned into lines keeps that work running beside the main thread's.
 */
const READ_AHEAD = 2;

async function readPageLines(
  pdf: PdfDocument,
  warnings: string[],
  onProgress: LoadProgressListener | undefined,
): Promise<PdfLine[][]> {
  const pages: RawTextItem[][] = [];
  const reads: Promise<RawTextItem[] | null>[] = [];
  const request = (number: number) => {
    if (number <= pdf.numPages && !reads[number]) reads[number] = readPageItems(pdf, number);
  };
  let failed = 0;
  for (let number = 1; number <= pdf.numPages; number++) {
    for (let ahead = 0; ahead <= READ_AHEAD; ahead++) request(number + ahead);
    const items = await reads[number];
    delete reads[number];
    if (items) {
      pages.push(items);
    } else {
      failed++;
      pages.push([]);
    }
    onProgress?.({ pagesDone: number, pageCount: pdf.numPages });
  }
  if (failed === pdf.numPages) throw new LoadError('damaged', DAMAGED_PDF_MESSAGE);
  if (failed > 0) warnings.push(`${failed} page(s) could not be read and were skipped.`);
  // Fonts are judged on the whole book before any line is built: a legacy Hindi font's text is
  // decoded in every run set in it, and English in other fonts on the same line is kept as is.
  const decoders = legacyFontDecoders(pages.flat());
  return pages.map((items, index) => buildLines(items, index + 1, decoders));
}

/**
 * The text layer as the loader first reads it: each page's lines, before page furniture is
 * removed, lines in legacy fonts are dropped and hyphenated line ends are re-joined. The
 * ingestion benchmark compares it with pdftotext to measure extraction on its own, apart from
 * those deliberate differences; loading a document does not go through here.
 */
export async function readTextLayer(bytes: Uint8Array): Promise<string[][]> {
  const pdf = await open(bytes);
  try {
    const pages = await readPageLines(pdf, [], undefined);
    return pages.map((lines) => lines.map((line) => line.text));
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
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
    const imagePages = rawPages.flatMap((lines, index) =>
      lines.some((line) => hasContent(line.text)) ? [] : [index + 1],
    );
    if (imagePages.length > 0) {
      warnings.push(
        `Page(s) ${imagePages.join(', ')} have no text layer (blank, or scanned images), so ` +
          'nothing on them was indexed.',
      );
    }
    // Each line is counted once; the verdicts on the document, the lines and the blocks are
    // drawn from those counts wherever the text they judge is made of the same tokens.
    const counts = new Map<PdfLine, GarbleCounts>();
    const countOf = (line: PdfLine) => counts.get(line) ?? NO_TOKENS;
    const allLines = rawPages.flat();
    for (const line of allLines) counts.set(line, countGarble(line.text));
    // Judge the whole text layer before any garbled line is dropped below.
    if (
      isGarbledText(
        countJoined(
          allLines.map((line) => line.text),
          allLines.map(countOf),
        ),
      )
    ) {
      throw new LoadError('garbled', GARBLED_MESSAGE);
    }
    const furniture = removeFurniture(rawPages, pdfLabels);
    const { labels } = furniture;
    const garbledPages = new Set<number>();
    const pages = furniture.pages.map((lines) =>
      lines.filter((line) => {
        const garbled = isGarbledLine(countOf(line));
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
    const blockCounts: GarbleCounts[] = [];
    for (const raw of rawBlocks) {
      const first = raw.lines[0];
      const last = raw.lines[raw.lines.length - 1];
      if (!first || !last) continue;
      const lineTexts = raw.lines.map((line) => line.text);
      const text = normaliseText(lineTexts.join('\n'), evidence);
      if (!hasContent(text)) continue;
      // Unless normalisation re-joined a word or changed a character, the block's tokens are
      // its lines' tokens.
      const blockCount =
        text === lineTexts.join(' ')
          ? countJoined(lineTexts, raw.lines.map(countOf), ' ')
          : countGarble(text);
      if (isGarbledLine(blockCount)) {
        garbledPages.add(first.page);
        continue;
      }
      // Title pages set whole sentences in large type; those are not headings.
      const kind = raw.kind === 'heading' && countWords(text) <= 20 ? 'heading' : 'paragraph';
      const parts =
        kind === 'paragraph' && first.page !== last.page
          ? splitAtPageBreaks(text, raw.lines, evidence)
          : [{ text, page: first.page }];
      for (const part of parts) {
        blocks.push({
          kind,
          ...(kind === 'heading' ? { level: raw.level ?? 1 } : {}),
          text: part.text,
          page: part.page,
          endPage: part.page,
          pageLabel: labels[part.page - 1] ?? null,
          anchor: null,
        });
        blockCounts.push(parts.length === 1 ? blockCount : countGarble(part.text));
      }
    }
    if (garbledPages.size > 0) {
      const list = [...garbledPages].sort((a, b) => a - b).join(', ');
      warnings.push(
        `Some lines on page(s) ${list} are in a legacy non-Unicode font and were left out.`,
      );
    }
    const textGarbled = isGarbledText(
      countJoined(
        blocks.map((block) => block.text),
        blockCounts,
      ),
    );
    return {
      blocks,
      title,
      pageCount: pdf.numPages,
      warnings,
      textGarbled,
      provenance: furniture.runningHeads,
    };
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}

/**
 * A paragraph that runs across a page break, cut into one piece per page so that a chunk never
 * spans two pages and a citation names the page its sentence is on. Each sentence goes to the
 * page it starts on (a sentence straddling the break stays whole, on its first page). Where a
 * page's lines begin is found by normalising the lines before it the way the whole paragraph
 * was normalised: the same words in the same order, so the lengths agree to within the joins.
 */
function splitAtPageBreaks(
  text: string,
  lines: readonly PdfLine[],
  evidence: ReturnType<typeof collectHyphenEvidence>,
): { text: string; page: number }[] {
  const starts: { offset: number; page: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const before = lines[i - 1];
    if (!line || (before && before.page === line.page)) continue;
    const offset =
      i === 0
        ? 0
        : normaliseText(
            lines
              .slice(0, i)
              .map((l) => l.text)
              .join('\n'),
            evidence,
          ).length;
    starts.push({ offset, page: line.page });
  }
  const pageAt = (offset: number) =>
    starts.reduce(
      (page, start) => (offset >= start.offset - 1 ? start.page : page),
      starts[0]?.page ?? 1,
    );
  const parts: { text: string; page: number }[] = [];
  let cursor = 0;
  for (const sentence of splitSentences(text)) {
    const at = text.indexOf(sentence, cursor);
    const offset = at >= 0 ? at : cursor;
    cursor = offset + sentence.length;
    const page = pageAt(offset);
    const last = parts[parts.length - 1];
    if (last && last.page === page) last.text += ` ${sentence}`;
    else parts.push({ text: sentence, page });
  }
  return parts.length > 0 ? parts : [{ text, page: lines[0]?.page ?? 1 }];
}

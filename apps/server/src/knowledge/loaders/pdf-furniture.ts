/**
 * Page furniture: running headers, footers and printed page numbers. They are read to label
 * pages and then removed, so "DR. BABASAHEB AMBEDKAR : WRITINGS AND SPEECHES" never lands in
 * the middle of a paragraph that runs across a page break.
 */
import type { PdfLine } from './pdf-lines.ts';

/** How many lines at the top and at the bottom of a page can be furniture. */
const EDGE_LINES = 2;

/** A printed number must agree with the page index on at least this many pages… */
const MIN_LABELLED_PAGES = 3;
/** …and on this share of the pages that print a number at all. */
const MIN_LABEL_AGREEMENT = 0.5;

type Edge = { line: PdfLine; index: number };

function edgesOf(lines: readonly PdfLine[]): Edge[] {
  const edges: Edge[] = [];
  lines.forEach((line, index) => {
    if (index < EDGE_LINES || index >= lines.length - EDGE_LINES) edges.push({ line, index });
  });
  return edges;
}

/** The text of a running line without its page number, so odd and even pages compare equal. */
function furnitureKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\d+/g, ' ')
    .replace(/[^\p{L}\p{M}]+/gu, ' ')
    .trim();
}

function printedNumbers(text: string): number[] {
  const numbers: number[] = [];
  const whole = /^\d{1,4}$/.exec(text);
  if (whole) return [Number(whole[0])];
  // "28 DR. BABASAHEB AMBEDKAR …" or "ANNIHILATION OF CASTE 29"; "12. Jessore" is a list item.
  const leading = /^(\d{1,4})\s/.exec(text);
  const trailing = /\s(\d{1,4})$/.exec(text);
  if (leading?.[1]) numbers.push(Number(leading[1]));
  if (trailing?.[1]) numbers.push(Number(trailing[1]));
  return numbers;
}

/**
 * Finds a constant offset between the PDF page index and the numbers printed in page headers
 * or footers. Chapter numbers on title pages and numbers in tables disagree with each other,
 * so only an offset shared by most numbered pages is believed.
 */
export function detectPageOffset(pages: readonly PdfLine[][]): number | null {
  const votes = new Map<number, number>();
  let numbered = 0;
  pages.forEach((lines, index) => {
    const offsets = new Set<number>();
    for (const { line } of edgesOf(lines)) {
      for (const value of printedNumbers(line.text)) offsets.add(value - (index + 1));
    }
    if (offsets.size > 0) numbered++;
    for (const offset of offsets) votes.set(offset, (votes.get(offset) ?? 0) + 1);
  });
  let best: number | null = null;
  let bestVotes = 0;
  for (const [offset, count] of votes) {
    if (count > bestVotes) {
      best = offset;
      bestVotes = count;
    }
  }
  if (best === null || bestVotes < MIN_LABELLED_PAGES) return null;
  return bestVotes >= numbered * MIN_LABEL_AGREEMENT ? best : null;
}

/**
 * Running lines: the same text (page numbers aside) at the same height at the top or bottom
 * of many pages. The height matters: a chapter's title page repeats the running head's words
 * as a real heading, lower down the page.
 */
function runningKeys(pages: readonly PdfLine[][]): Set<string> {
  const counts = new Map<string, number>();
  for (const lines of pages) {
    const seen = new Set<string>();
    for (const { line } of edgesOf(lines)) {
      const key = furnitureKey(line.text);
      if (key.length === 0) continue;
      seen.add(`${key}@${Math.round(line.y / 6)}`);
    }
    for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const needed = Math.max(3, Math.ceil(pages.length * 0.15));
  return new Set([...counts].filter(([, count]) => count >= needed).map(([key]) => key));
}

export type Furniture = {
  /** Lines of each page with headers, footers and page numbers removed. */
  pages: PdfLine[][];
  /** Detected printed page number per page, or null; index 0 is page 1. */
  labels: Array<string | null>;
  /** The running heads' texts, once each: what the book says it is ("… WRITINGS AND SPEECHES"). */
  runningHeads: string[];
};

export function removeFurniture(
  pages: readonly PdfLine[][],
  pdfLabels: readonly string[] | null,
): Furniture {
  const offset = pdfLabels ? null : detectPageOffset(pages);
  const running = runningKeys(pages);
  const labels = pages.map((_, index) => {
    if (pdfLabels) return pdfLabels[index] ?? null;
    if (offset === null || index + 1 + offset < 1) return null;
    return String(index + 1 + offset);
  });
  const runningHeads = new Set<string>();
  const cleaned = pages.map((lines, index) => {
    const expected = offset === null ? null : index + 1 + offset;
    const drop = new Set<number>();
    for (const { line, index: lineIndex } of edgesOf(lines)) {
      const key = furnitureKey(line.text);
      const isRunning = key.length > 0 && running.has(`${key}@${Math.round(line.y / 6)}`);
      const numbers = printedNumbers(line.text);
      const isPageNumber = /^\d{1,4}$/.test(line.text);
      // "208 PREFACE": a short line carrying this page's number is a running head too.
      const outermost = lineIndex === 0 || lineIndex === lines.length - 1;
      const carriesLabel =
        outermost &&
        expected !== null &&
        numbers.includes(expected) &&
        line.text.split(' ').length <= 10;
      if (isRunning || isPageNumber || carriesLabel) drop.add(lineIndex);
      if (isRunning && !isPageNumber && runningHeads.size < 20) runningHeads.add(line.text);
    }
    return lines.filter((_, lineIndex) => !drop.has(lineIndex));
  });
  return { pages: cleaned, labels, runningHeads: [...runningHeads] };
}

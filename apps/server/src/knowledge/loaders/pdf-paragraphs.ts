/**
 * Turns the lines of a PDF into headings and paragraphs. A PDF has no paragraphs, only
 * positioned lines, so breaks are inferred the way a reader does: a wider gap, a first-line
 * indent after a finished sentence, a short last line, a change of type size. A paragraph
 * runs on across a page break unless one of those signals says otherwise; footnotes at the
 * foot of a page wait until the paragraph they interrupt has ended.
 */
import type { PdfLine } from './pdf-lines.ts';

export type RawBlock = {
  kind: 'heading' | 'paragraph';
  level?: number;
  lines: PdfLine[];
};

export type Layout = { bodySize: number; left: number; right: number; headingSizes: number[] };

const SENTENCE_END = /[.?!:;"”’)\]]$/;

function mode(values: Iterable<[number, number]>): number {
  const weights = new Map<number, number>();
  for (const [value, weight] of values) weights.set(value, (weights.get(value) ?? 0) + weight);
  let best = 0;
  let bestWeight = -1;
  for (const [value, weight] of weights) {
    if (weight > bestWeight) {
      best = value;
      bestWeight = weight;
    }
  }
  return best;
}

export function measureLayout(pages: readonly PdfLine[][]): Layout {
  const lines = pages.flat();
  const bodySize = mode(lines.map((line) => [line.size, line.text.length]));
  const body = lines.filter((line) => Math.abs(line.size - bodySize) <= bodySize * 0.12);
  const left = mode(body.map((line) => [Math.round(line.x), 1]));
  // Most body lines are justified to the right margin, but short texts may have none that
  // are; the 90th percentile is the margin either way.
  const ends = body.map((line) => line.xEnd).sort((a, b) => a - b);
  const right = ends[Math.round((ends.length - 1) * 0.9)] ?? 0;
  const headingSizes = [
    ...new Set(lines.filter((line) => isLargeHeading(line, bodySize)).map((line) => line.size)),
  ].sort((a, b) => b - a);
  return { bodySize, left, right, headingSizes };
}

function wordCount(text: string): number {
  return text.split(' ').length;
}

function isLargeHeading(line: PdfLine, bodySize: number): boolean {
  return line.size >= bodySize * 1.15 && wordCount(line.text) <= 15 && /\p{L}/u.test(line.text);
}

/** Centred capitals at body size ("PREFACE TO THE THIRD EDITION") are headings too. */
function isCentredCapitals(line: PdfLine, layout: Layout): boolean {
  const letters = line.text.replace(/[^\p{L}]/gu, '');
  const romanNumeral = /^[IVXLC]+\.?$/.test(line.text);
  if (
    (letters.length < 4 && !romanNumeral) ||
    letters !== letters.toUpperCase() ||
    wordCount(line.text) > 12
  ) {
    return false;
  }
  const centre = (line.x + line.xEnd) / 2;
  const columnCentre = (layout.left + layout.right) / 2;
  return line.x > layout.left + line.size * 2 && Math.abs(centre - columnCentre) < line.size * 2.5;
}

export function headingLevel(line: PdfLine, layout: Layout): number | null {
  if (line.size < layout.bodySize * 0.95) return null;
  if (isLargeHeading(line, layout.bodySize)) {
    return Math.min(layout.headingSizes.indexOf(line.size) + 1, 3) || 1;
  }
  if (isCentredCapitals(line, layout)) return Math.min(layout.headingSizes.length + 1, 3);
  return null;
}

function continues(previous: PdfLine, line: PdfLine, layout: Layout): boolean {
  const size = Math.max(previous.size, line.size);
  if (Math.abs(previous.size - line.size) > size * 0.08) return false;
  if (previous.page === line.page && previous.y - line.y > size * 1.65) return false;
  const finished = SENTENCE_END.test(previous.text);
  const short = previous.xEnd < layout.right - size * 3;
  if (short && (finished || previous.xEnd < layout.right - size * 12)) return false;
  // A first-line indent only starts a paragraph after a finished sentence; otherwise it is
  // the hanging indent of a numbered item or a quotation.
  if (finished && line.x > previous.x + size * 0.6) return false;
  return true;
}

/** A footnote reference set as its own superscript line ("1" above "problem.”"). */
function isFootnoteReference(line: PdfLine, layout: Layout): boolean {
  return /^[\d*†‡]{1,3}$/.test(line.text) && line.size < layout.bodySize * 0.8;
}

/** Footnotes: a tail of small print at the foot of the page. */
function splitFootnotes(lines: readonly PdfLine[], layout: Layout): [PdfLine[], PdfLine[]] {
  let start = lines.length;
  while (start > 0) {
    const line = lines[start - 1];
    if (!line || line.size > layout.bodySize * 0.85) break;
    start--;
  }
  // A page set entirely in small type has no footnotes, just small type.
  if (start === 0) return [[...lines], []];
  return [lines.slice(0, start), lines.slice(start)];
}

export function buildBlocks(pages: readonly PdfLine[][], layout: Layout): RawBlock[] {
  const blocks: RawBlock[] = [];
  // Held in an object so the helpers below can replace it without defeating type narrowing.
  const state: { open: RawBlock | null; deferred: RawBlock[] } = { open: null, deferred: [] };
  const close = () => {
    if (state.open) blocks.push(state.open);
    state.open = null;
    blocks.push(...state.deferred);
    state.deferred = [];
  };
  const start = (block: RawBlock) => {
    close();
    state.open = block;
  };
  const lastLine = (block: RawBlock | null | undefined) => block?.lines[block.lines.length - 1];
  for (const lines of pages) {
    const [main, footnotes] = splitFootnotes(
      lines.filter((line) => /[\p{L}\p{N}]/u.test(line.text) && !isFootnoteReference(line, layout)),
      layout,
    );
    for (const line of main) {
      const current = state.open;
      const last = lastLine(current);
      const level = headingLevel(line, layout);
      if (level !== null) {
        const joins =
          current?.kind === 'heading' &&
          current.level === level &&
          last !== undefined &&
          last.page === line.page &&
          last.y - line.y <= line.size * 2.5;
        if (joins) current.lines.push(line);
        else start({ kind: 'heading', level, lines: [line] });
      } else if (current?.kind === 'paragraph' && last && continues(last, line, layout)) {
        current.lines.push(line);
      } else {
        start({ kind: 'paragraph', lines: [line] });
      }
    }
    for (const line of footnotes) {
      const last = state.deferred[state.deferred.length - 1];
      const previous = lastLine(last);
      const marker = /^(?:\d{1,3}|[*†‡§])[.)]?\s/.test(line.text);
      if (last && previous && !marker && continues(previous, line, layout)) last.lines.push(line);
      else state.deferred.push({ kind: 'paragraph', lines: [line] });
    }
    // A heading never continues onto the next page.
    if (state.open?.kind === 'heading') close();
  }
  close();
  return blocks;
}

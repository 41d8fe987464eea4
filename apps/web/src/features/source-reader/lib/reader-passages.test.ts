import type { DocumentTextChunk, DocumentTextResponse } from '@samvad/contracts/source-reader';
import { describe, expect, it } from 'vitest';
import { readerPassages } from './reader-passages.ts';

const chunk = (ordinal: number, text: string, repeatsPrevious = 0): DocumentTextChunk => ({
  id: `c${ordinal}`,
  ordinal,
  text,
  page: null,
  pageLabel: null,
  paragraphId: null,
  heading: null,
  repeatsPrevious,
});

const page = (...chunks: DocumentTextChunk[]): DocumentTextResponse => ({
  id: 'd',
  title: 'T',
  fileName: 't.md',
  format: 'markdown',
  chunks,
  before: null,
  after: null,
});

// Consecutive chunks share their boundary sentences ("Two." here): shown once.
const A = chunk(0, 'One. Two.');
const B = chunk(1, 'Two. Three.\n\nFour.', 'Two. '.length);
const C = chunk(2, 'Four. Five.', 'Four. '.length);

describe('readerPassages', () => {
  it('shows each shared sentence once, in the later passage', () => {
    const passages = readerPassages([page(A, B, C)], null);
    expect(passages.map((p) => p.paragraphs)).toEqual([
      ['One. Two.'],
      ['Three.', 'Four.'],
      ['Five.'],
    ]);
  });

  it('shows the cited passage whole; its earlier neighbour gives the shared sentences up', () => {
    const passages = readerPassages([page(A, B, C)], 'c1');
    expect(passages.map((p) => p.paragraphs)).toEqual([
      ['One.'],
      ['Two. Three.', 'Four.'],
      ['Five.'],
    ]);
    expect(passages.map((p) => p.cited)).toEqual([false, true, false]);
  });

  it('keeps windows in reading order, each chunk once, and headings only where they change', () => {
    const c = { ...C, heading: 'Part II' };
    const later = page(c, { ...chunk(3, 'Six.'), heading: 'Part II' });
    const passages = readerPassages([later, page(A, B, c)], null);
    expect(passages.map((p) => p.id)).toEqual(['c0', 'c1', 'c2', 'c3']);
    expect(passages.map((p) => p.heading)).toEqual([null, null, 'Part II', null]);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  docxWithParagraphs,
  epubBomb,
  loadFailure as failure,
  PATH_OPERATOR,
  pdfBomb,
} from '../../../test/support/bomb-files.ts';
import { corpusAvailable, corpusFile } from '../../../test/support/corpus.ts';
import { loadDocx } from './docx.ts';
import { loadEpub } from './epub.ts';
import { readIsolated } from './isolated-reader.ts';
import { limitsWith } from './limits.ts';
import { loadPdf } from './pdf.ts';

const MB = 1024 * 1024;

/**
 * How many times a 10 ms timer ran on the main thread while `run` ran: many when the work is
 * elsewhere, none when it holds the thread (no duration is judged: timings belong in benchmarks).
 */
async function ticksWhile<T>(run: () => Promise<T>): Promise<{ value: T; ticks: number }> {
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 10);
  try {
    return { value: await run(), ticks };
  } finally {
    clearInterval(ticker);
  }
}

describe('reading in a child process', () => {
  it('gives what the loaders give in-process', async () => {
    const docx = docxWithParagraphs(50);
    expect(await readIsolated('docx', docx)).toEqual(await loadDocx(docx));
    const epub = await epubBomb({ chapters: 3, chapterBytes: 100_000 });
    expect(await readIsolated('epub', epub)).toEqual(await loadEpub(epub));
  });

  it.runIf(corpusAvailable)('reads a real PDF exactly as in-process, page by page', async () => {
    const bytes = new Uint8Array(
      readFileSync(corpusFile('ambedkar/pdf/baws_vol01_castes_in_india.pdf')),
    );
    const pages: number[] = [];
    const isolated = await readIsolated('pdf', bytes, {
      onProgress: ({ pagesDone }) => pages.push(pagesDone),
    });
    expect(isolated).toEqual(await loadPdf(bytes));
    expect(pages).toEqual(Array.from({ length: (isolated.pageCount ?? 0) + 1 }, (_, page) => page));
  });

  it('stops the red team PDF (one page, 300 MB inflated) at the memory limit; the main thread never stalls', async () => {
    const bomb = await pdfBomb({ expandedBytes: 300 * MB });
    expect(bomb.length).toBeLessThan(MB);
    // Only the memory limit may stop it: a busy machine may inflate slower than the page limit.
    const limits = limitsWith({ pdfPageMs: 10 * 60_000, readerFileMs: 10 * 60_000 });
    const { value: error, ticks } = await ticksWhile(() =>
      failure(readIsolated('pdf', bomb, { limits })),
    );
    expect(error.reason).toBe('too_large');
    expect(error.message).toBe(
      'Reading page 1 of 1 of this PDF took more than 384 MB of memory, the limit for one file, so it was stopped (it may be a decompression bomb)',
    );
    // In-process, pdf.js held the event loop for minutes: no timer would have run.
    expect(ticks).toBeGreaterThan(10);
  }, 120_000);

  it('stops a page that takes longer than the page limit', { timeout: 15_000 }, async () => {
    const limits = limitsWith({ pdfPageMs: 1_000 });
    // A worker started (and pdf.js loaded) by a first file: only the page's own time counts.
    await readIsolated('docx', docxWithParagraphs(3), { limits });
    // Drawing operators: pdf.js keeps nothing of them, so only time runs out (some 4 s here).
    const slow = await pdfBomb({ operator: PATH_OPERATOR, expandedBytes: 120 * MB });
    const error = await failure(readIsolated('pdf', slow, { limits }));
    expect(error.message).toBe(
      'Reading page 1 of 1 of this PDF took longer than 1 s, the limit for one page, so it was stopped',
    );
  });

  it('stops a file that takes longer than the file limit', async () => {
    const slow = await pdfBomb({ operator: PATH_OPERATOR, expandedBytes: 60 * MB });
    const error = await failure(
      readIsolated('pdf', slow, { limits: limitsWith({ readerFileMs: 400 }) }),
    );
    expect(error.message).toBe(
      'Reading this PDF took longer than 0.4 s, the limit for one file, so it was stopped',
    );
  });

  it('stops a reader whose own heap reaches the limit, and the next file reads', async () => {
    // 1.2 million elements: a tree of ~400 MB, from 14 MB of XML (under the other limits).
    const many = docxWithParagraphs(400_000);
    const limits = limitsWith({ readerMemoryMb: 64, maxElements: 10_000_000 });
    const error = await failure(readIsolated('docx', many, { limits }));
    expect(error.message).toBe(
      'Reading this DOCX took more than 64 MB of memory, the limit for one file, so it was stopped (it may be a decompression bomb)',
    );
    const small = docxWithParagraphs(3);
    expect((await readIsolated('docx', small, { limits })).blocks).toHaveLength(3);
  });
});

import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  docxBomb,
  docxWithParagraphs,
  epubBomb,
  loadFailure as failure,
  zipArchive,
} from '../../../test/support/bomb-files.ts';
import type { LoadError } from '../types.ts';
import { loadDocx } from './docx.ts';
import { loadEpub } from './epub.ts';
import { loadHtml } from './html.ts';
import { DEFAULT_LOAD_LIMITS, limitsWith } from './limits.ts';

const MB = 1024 * 1024;

/** Heap growth while `run` works: what the process had to hold to refuse the file. */
async function heapGrowth(run: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  try {
    await run();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage().heapUsed) - before;
}

describe('DOCX and EPUB: what one document may unpack', () => {
  it('refuses the red team DOCX (190 MB of XML in one member) at 64 MB, without holding it', async () => {
    const bomb = await docxBomb(190 * MB);
    let error: LoadError | undefined;
    const growth = await heapGrowth(async () => {
      error = await failure(loadDocx(bomb));
    });
    expect(error?.reason).toBe('too_large');
    expect(error?.message).toBe(
      'This DOCX unpacks to more than 64 MB, the limit for one document, so it was not read (it may be a decompression bomb)',
    );
    // Inflating stops at the limit and nothing was parsed: far less than the 190 MB it holds.
    expect(growth).toBeLessThan(100 * MB);
    expect(DEFAULT_LOAD_LIMITS.maxUnpackedBytes).toBe(64 * MB);
  });

  it('names the limit it was given', async () => {
    const error = await failure(
      loadDocx(await docxBomb(3 * MB), limitsWith({ maxUnpackedBytes: MB })),
    );
    expect(error.message).toMatch(
      /^This DOCX unpacks to more than 1 MB, the limit for one document/,
    );
  });

  it('bounds the EPUB as a whole: each chapter fits, all of them do not', async () => {
    const limits = limitsWith({ maxUnpackedBytes: 4 * MB });
    // Ten chapters of 1 MB: any one is far below the limit.
    const book = await epubBomb({ chapters: 10, chapterBytes: MB });
    const error = await failure(loadEpub(book, limits));
    expect(error.reason).toBe('too_large');
    expect(error.message).toMatch(
      /^This EPUB unpacks to more than 4 MB, the limit for one document/,
    );
    // Three of the same chapters are read.
    const small = await loadEpub(await epubBomb({ chapters: 3, chapterBytes: MB }), limits);
    expect(small.blocks.length).toBeGreaterThan(3);
  });

  it('does not trust the sizes a ZIP declares', async () => {
    const xml = `<w:document xmlns:w="w"><w:body>${'<w:p><w:r><w:t>lie</w:t></w:r></w:p>'.repeat(100_000)}</w:body></w:document>`;
    // Declares 1 KB, holds 3.7 MB.
    const lying = zipArchive([
      { name: 'word/document.xml', data: deflateRawSync(xml), crc: 0, size: 1024 },
    ]);
    const error = await failure(loadDocx(lying, limitsWith({ maxUnpackedBytes: MB })));
    expect(error.message).toMatch(/unpacks to more than 1 MB/);
  });
});

describe('DOCX, EPUB and HTML: how many elements one document may have', () => {
  it('stops parsing a DOCX of tiny paragraphs at the element limit', async () => {
    // 60,000 paragraphs of three elements each: 1.4 MB of XML, under the byte limit.
    const error = await failure(
      loadDocx(docxWithParagraphs(60_000), limitsWith({ maxElements: 100_000 })),
    );
    expect(error.reason).toBe('too_large');
    expect(error.message).toBe(
      'This DOCX has more than 100,000 markup elements, the limit for one document, so it was not read',
    );
    // The same document under a higher limit is read whole.
    const read = await loadDocx(docxWithParagraphs(60_000), limitsWith({ maxElements: 200_000 }));
    expect(read.blocks).toHaveLength(60_000);
  });

  it('counts the elements of all chapters of an EPUB together', async () => {
    // Each chapter of 0.5 MB holds 17 paragraphs (long ones) and a few other elements.
    const book = await epubBomb({ chapters: 12, chapterBytes: MB / 2 });
    const error = await failure(loadEpub(book, limitsWith({ maxElements: 150 })));
    expect(error.message).toMatch(/^This EPUB has more than 150 markup elements/);
    expect((await loadEpub(book, limitsWith({ maxElements: 400 }))).blocks.length).toBeGreaterThan(
      12,
    );
  });

  it('applies to an HTML file too', () => {
    const html = new TextEncoder().encode(`<body>${'<p>x</p>'.repeat(2_000)}</body>`);
    expect(() => loadHtml(html, limitsWith({ maxElements: 1_000 }))).toThrowError(
      'This HTML file has more than 1,000 markup elements, the limit for one document, so it was not read',
    );
    expect(loadHtml(html, limitsWith({ maxElements: 3_000 })).blocks).toHaveLength(2_000);
  });
});

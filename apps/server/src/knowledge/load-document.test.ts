import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { docxBomb, epubBomb, pdfBomb } from '../../test/support/bomb-files.ts';
import { corpusAvailable, corpusDir, corpusFile } from '../../test/support/corpus.ts';
import { DEFAULT_MAX_BYTES, loadDocument } from './load-document.ts';
import { limitsWith } from './loaders/limits.ts';
import { LoadError, type LoadFailureReason } from './types.ts';

const encode = (text: string) => new TextEncoder().encode(text);

async function failure(promise: Promise<unknown>): Promise<LoadError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LoadError);
  return error as LoadError;
}

async function expectFailure(
  promise: Promise<unknown>,
  reason: LoadFailureReason,
  message: string | RegExp,
) {
  const error = await failure(promise);
  expect(error.reason).toBe(reason);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
}

describe('loadDocument', () => {
  it('refuses an empty file', async () => {
    await expectFailure(
      loadDocument({ fileName: 'a.txt', bytes: new Uint8Array() }),
      'empty',
      'File is empty',
    );
    await expectFailure(
      loadDocument({ fileName: 'a.md', bytes: encode('\n \r\n') }),
      'empty',
      'File is empty',
    );
  });

  it('refuses a file name with a text-direction control, which would make it read otherwise', async () => {
    await expectFailure(
      loadDocument({ fileName: 'invoice\u202Efdp.txt', bytes: encode('hello') }),
      'unsupported',
      'The name contains a text-direction control character (such as U+202E), which is not allowed; rename the file first',
    );
  });

  it('refuses decompression bombs of every kind, naming the limit, on the path uploads and the CLI share', async () => {
    const MB = 1024 * 1024;
    const limits = limitsWith({ maxUnpackedBytes: 2 * MB, readerMemoryMb: 96 });
    await expectFailure(
      loadDocument({ fileName: 'bomb.docx', bytes: await docxBomb(8 * MB), limits }),
      'too_large',
      /^This DOCX unpacks to more than 2 MB, the limit for one document/,
    );
    await expectFailure(
      loadDocument({
        fileName: 'bomb.epub',
        bytes: await epubBomb({ chapters: 8, chapterBytes: MB / 2 }),
        limits,
      }),
      'too_large',
      /^This EPUB unpacks to more than 2 MB, the limit for one document/,
    );
    await expectFailure(
      loadDocument({
        fileName: 'bomb.pdf',
        bytes: await pdfBomb({ expandedBytes: 150 * MB }),
        limits,
      }),
      'too_large',
      /^Reading page 1 of 1 of this PDF took more than 96 MB of memory, the limit for one file/,
    );
  });

  it('refuses an unknown type and lists the supported ones', async () => {
    await expectFailure(
      loadDocument({ fileName: 'notes.xyz', bytes: encode('hello') }),
      'unsupported',
      /^Unsupported file type: \.xyz \(supported: \.pdf, \.txt, .*\.md, .*\.html, .*\.epub, \.docx\)$/,
    );
    await expectFailure(
      loadDocument({ fileName: 'README', bytes: encode('hello') }),
      'unsupported',
      /^Unsupported file type: no extension/,
    );
  });

  it('refuses a file over the size limit and names the limit', async () => {
    expect(DEFAULT_MAX_BYTES).toBe(100 * 1024 * 1024);
    await expectFailure(
      loadDocument({ fileName: 'big.txt', bytes: encode('x'.repeat(3000)), maxBytes: 2048 }),
      'too_large',
      'File is too large: 3 KB (the limit is 2 KB)',
    );
  });

  it('goes by content, not by name, for PDF and EPUB', async () => {
    // As in every EPUB, the "mimetype" member comes first and is stored uncompressed.
    const epub = zipSync({
      mimetype: [strToU8('application/epub+zip'), { level: 0 }],
      'META-INF/container.xml': strToU8('<container><rootfiles></rootfiles></container>'),
    });
    await expectFailure(loadDocument({ fileName: 'book.bin', bytes: epub }), 'damaged', /EPUB/);
    const notPdf = encode('<html>404 Not Found</html>');
    await expectFailure(
      loadDocument({ fileName: 'VolumeH18.pdf', bytes: notPdf }),
      'damaged',
      'PDF is damaged or truncated',
    );
  });

  it('finishes a document: title, language, content type', async () => {
    const doc = await loadDocument({
      fileName: 'what_path_to_salvation.md',
      bytes: encode('## Ladies and Gentlemen,\n\nYou must have come to know by now.'),
    });
    expect(doc).toMatchObject({
      title: 'Ladies and Gentlemen,',
      contentType: 'text/markdown',
      language: 'en',
      pageCount: null,
      warnings: [],
    });
    const untitled = await loadDocument({
      fileName: 'dir/castes_in_india.txt',
      bytes: encode('Text.'),
    });
    expect(untitled.title).toBe('Castes in India');
    const hindi = await loadDocument({ fileName: 'h.txt', bytes: encode('डॉ. अम्बेडकर ने कहा।') });
    expect(hindi.language).toBe('hi');
  });
});

describe.skipIf(!corpusAvailable)('loadDocument on the corpus', () => {
  const read = (...parts: string[]) => new Uint8Array(readFileSync(corpusFile(...parts)));

  it.each(['hi_baws_hindi_volume36_TRUNCATED.pdf', 'hi_baws_hindi_volume40_TRUNCATED.pdf'])(
    'reports the truncated %s as damaged',
    async (name) => {
      await expectFailure(
        loadDocument({ fileName: name, bytes: read('indic', 'broken', name) }),
        'damaged',
        'PDF is damaged or truncated',
      );
    },
  );

  it('decodes the Hindi volume typeset in legacy fonts, at the pages pdftotext counts', async () => {
    const doc = await loadDocument({
      fileName: 'hi_baws_hindi_volume17.pdf',
      bytes: read('indic', 'hi_baws_hindi_volume17.pdf'),
    });
    expect(doc).toMatchObject({ language: 'hi', pageCount: 104 });
    const pageOf = (words: string) => doc.blocks.find((block) => block.text.includes(words))?.page;
    // Page 22: the opening of chapter 3 (Walkman-Chanakya); page 5: the title page (Kruti Dev).
    expect(pageOf('अछूतों की समस्याएं अनेक हैं।')).toBe(22);
    expect(pageOf('गांधी एवं अछूतों का उद्धार')).toBe(5);
    // The cover and the other image pages are reported, not indexed as garbage.
    expect(doc.warnings.join(' ')).toMatch(/Page\(s\) 1, .* have no text layer/);
    const latin = doc.blocks.filter((block) => /\b(vkSj|gSA|dk|esa)\b/.test(block.text));
    expect(latin).toEqual([]);
  }, 30_000);

  it('titles the BAWS PDFs from their first heading', async () => {
    const doc = await loadDocument({
      fileName: 'x.pdf',
      bytes: read('ambedkar', 'pdf', 'baws_vol01_ranade_gandhi_and_jinnah.pdf'),
    });
    expect(doc).toMatchObject({
      title: 'Ranade, Gandhi and Jinnah',
      contentType: 'application/pdf',
      language: 'en',
      pageCount: 36,
    });
  });

  const failing = new Set([
    'hi_baws_hindi_volume36_TRUNCATED.pdf',
    'hi_baws_hindi_volume40_TRUNCATED.pdf',
  ]);
  const files = (readdirSync(corpusDir, { recursive: true, withFileTypes: true }) ?? [])
    .filter((entry) => entry.isFile() && !failing.has(entry.name))
    .map((entry) => path.relative(corpusDir, path.join(entry.parentPath, entry.name)))
    .sort();

  it('finds the whole corpus', () => {
    expect(files.length).toBe(75);
  });

  it.each(files.filter((file) => !file.endsWith('.json')))(
    'loads %s, clean and not garbled',
    async (file) => {
      const doc = await loadDocument({ fileName: file, bytes: read(file) });
      expect(doc.blocks.length).toBeGreaterThan(0);
      expect(doc.blocks.some((block) => block.kind === 'paragraph')).toBe(true);
      expect(doc.language).toBe(
        file.includes('tamil') ? 'ta' : file.startsWith('indic/hi_') ? 'hi' : 'en',
      );
      expect(doc.title.length).toBeGreaterThan(2);
      for (const block of doc.blocks) {
        expect(block.text).toBe(block.text.trim());
        expect(block.text).not.toMatch(/[\r\uFEFF\u00AD]|\s{2}/);
      }
    },
    30_000,
  );

  it.each(files.filter((file) => file.endsWith('.json')))(
    'refuses the data file %s as unsupported',
    async (file) => {
      await expectFailure(
        loadDocument({ fileName: file, bytes: read(file) }),
        'unsupported',
        /\.json/,
      );
    },
  );
});

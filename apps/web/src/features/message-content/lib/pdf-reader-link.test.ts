import { describe, expect, it } from 'vitest';
import { readPdfTarget } from '../../source-reader/lib/pdf-target.ts';
import { pdfReaderLink, READER_QUOTE_MAX } from './pdf-reader-link.ts';

const quote = 'The real remedy for breaking Caste is inter-marriage.';

describe('pdfReaderLink', () => {
  it('opens a PDF at its page in the reader, with the printed page and the cited sentence', () => {
    const link = pdfReaderLink({
      link: '/api/documents/Ab_9-x/file#page=45',
      page_label: '67',
      quote,
      excerpt: 'On the contrary, it may happen…',
    });
    expect(link).toBe(
      '/sources/Ab_9-x?page=45&label=67&q=The+real+remedy+for+breaking+Caste+is+inter-marriage.',
    );
    // What the reader's route reads back from it.
    const target = readPdfTarget(new URL(link ?? '', 'https://x.invalid').searchParams);
    expect(target).toEqual({ page: 45, label: '67', quote });
  });

  it("falls back to the passage's opening, and leaves out a label that is the page itself", () => {
    const link = pdfReaderLink({
      link: '/api/documents/d1/file#page=3',
      page_label: '3',
      excerpt: 'It is a direct,\n and frontal attack …',
    });
    expect(link).toBe('/sources/d1?page=3&q=It+is+a+direct%2C+and+frontal+attack');
    expect(pdfReaderLink({ link: '/api/documents/d1/file#page=3' })).toBe('/sources/d1?page=3');
  });

  it('bounds the cited text at a word', () => {
    const long = 'inter-marriage '.repeat(60);
    const link = pdfReaderLink({ link: '/api/documents/d1/file#page=3', quote: long });
    const sent = new URL(link ?? '', 'https://x.invalid').searchParams.get('q') ?? '';
    expect(sent.length).toBeLessThanOrEqual(READER_QUOTE_MAX);
    expect(sent.endsWith('inter-marriage')).toBe(true);
  });

  it('leaves every other link alone', () => {
    for (const link of [
      '/sources/d2?chunk=d2-93',
      '/api/documents/d1/file',
      '/api/documents/d1/file#page=0',
      '/api/documents/../file#page=2',
      'https://example.org/l.pdf#page=2',
      undefined,
    ]) {
      expect(pdfReaderLink({ link, quote })).toBeNull();
    }
  });
});

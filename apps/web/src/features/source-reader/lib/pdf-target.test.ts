import { describe, expect, it } from 'vitest';
import { readPdfTarget } from './pdf-target.ts';

describe('readPdfTarget', () => {
  it('reads no page when there is none or it is not a page number', () => {
    for (const query of ['chunk=c1', 'page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=']) {
      expect(readPdfTarget(new URLSearchParams(query))).toBeNull();
    }
  });

  it('reads the page, printed page and cited text', () => {
    expect(readPdfTarget(new URLSearchParams('page=45&label=67&q=The+real++remedy'))).toEqual({
      page: 45,
      label: '67',
      quote: 'The real remedy',
    });
  });

  it('tolerates a missing or empty cited text and label', () => {
    expect(readPdfTarget(new URLSearchParams('page=7&q=%20&label='))).toEqual({
      page: 7,
      label: null,
      quote: null,
    });
  });
});

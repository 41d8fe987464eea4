import { describe, expect, it } from 'vitest';
import { Bm25Index } from './bm25-index.ts';

const WORDS = ['caste', 'liberty', 'equality', 'fraternity', 'democracy', 'reform', 'temple'];

/** A book of `count` chunks, each a different mix of the words above. */
function book(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${String(i).padStart(5, '0')}`,
    text: `${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]} chapter${i} of the book`,
    fields: 'A Book\nPart One',
  }));
}

describe('Bm25Index.upsertDocumentInSlices', () => {
  it('indexes exactly as upsertDocument does', async () => {
    const chunks = book('b', 1_000);
    const whole = new Bm25Index();
    whole.upsertDocument('book', chunks);
    const sliced = new Bm25Index();
    await sliced.upsertDocumentInSlices('book', chunks, 64);
    for (const query of ['caste temple', 'chapter17', 'liberty and equality', 'book']) {
      expect(sliced.search(query, { limit: 20 })).toEqual(whole.search(query, { limit: 20 }));
    }
    expect(sliced.stats()).toEqual(whole.stats());
    expect(sliced.wordsOf('b-00010')).toBe(whole.wordsOf('b-00010'));
  });

  it('serves the event loop between slices, and searches see the old text until the swap', async () => {
    const index = new Bm25Index();
    index.upsertDocument('book', [{ id: 'old-1', text: 'the old edition speaks of temples' }]);
    const seen: string[][] = [];
    let turns = 0;
    const ticker = setInterval(() => {
      turns++;
      seen.push(index.search('temple', { limit: 1 }).map((hit) => hit.chunkId));
    }, 0);
    try {
      await index.upsertDocumentInSlices('book', book('new', 2_000), 100);
    } finally {
      clearInterval(ticker);
    }
    // Twenty slices: timers ran in between, and every search then found the old edition whole.
    expect(turns).toBeGreaterThanOrEqual(5);
    expect(seen.every((ids) => ids.length === 1 && ids[0] === 'old-1')).toBe(true);
    expect(index.search('temple', { limit: 1 })[0]?.chunkId).toMatch(/^new-/);
    expect(index.search('edition', { limit: 1 })).toEqual([]);
  });

  it('refuses a chunk id another document took while it was analysing, leaving the index as it was', async () => {
    const index = new Bm25Index();
    const pending = index.upsertDocumentInSlices('book', book('x', 400), 50);
    index.upsertDocument('other', [{ id: 'x-00399', text: 'taken meanwhile' }]);
    await expect(pending).rejects.toThrow(/x-00399 appears twice/);
    expect(index.search('chapter5', { limit: 5 })).toEqual([]);
    expect(index.search('taken', { limit: 1 })[0]?.documentId).toBe('other');
  });
});

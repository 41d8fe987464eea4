import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../retrieval-bench/prng.ts';
import {
  alignWords,
  bagSimilarity,
  documentSimilarity,
  similarity,
  wordsOf,
} from './similarity.ts';

/** The textbook dynamic programme, to check the Myers alignment's length against. */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      current[j] =
        word === b[j - 1]
          ? (previous[j - 1] ?? 0) + 1
          : Math.max(previous[j] ?? 0, current[j - 1] ?? 0);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

describe('wordsOf', () => {
  it('normalises with NFKC, lower-cases and keeps only letters, marks and digits', () => {
    expect(wordsOf('The  ﬁrst\tCASTE,\n“quoted” — 1936')).toEqual([
      'the',
      'first',
      'caste',
      'quoted',
      '1936',
    ]);
    expect(wordsOf('जाति व्यवस्था')).toEqual(['जाति', 'व्यवस्था']);
  });
});

describe('similarity', () => {
  it('is 1 for identical word lists and 0 for disjoint ones', () => {
    const words = wordsOf('caste is a state of mind');
    expect(similarity(words, [...words])).toBe(1);
    expect(similarity(wordsOf('liberty equality'), wordsOf('fraternity justice'))).toBe(0);
    expect(similarity([], [])).toBe(1);
    expect(similarity(['a'], [])).toBe(0);
  });

  it('gives 2·LCS/(|a|+|b|) for a known edit', () => {
    // LCS(the quick brown fox jumps, the quick red fox jumps over) = the quick fox jumps = 4.
    const a = wordsOf('the quick brown fox jumps');
    const b = wordsOf('the quick red fox jumps over');
    expect(similarity(a, b)).toBeCloseTo(8 / 11, 12);
    // A dropped running header: 6 of 56 words → 2·50/(50+56).
    const body = Array.from({ length: 50 }, (_, n) => `w${n % 17}`);
    const header = wordsOf('dr babasaheb ambedkar writings and speeches');
    expect(similarity(body, [...header, ...body])).toBeCloseTo(100 / 106, 12);
  });

  it('finds a longest common subsequence, as long as the dynamic programme’s', () => {
    const random = mulberry32(11);
    const pick = (length: number, vocabulary: number) =>
      Array.from({ length }, () => `w${Math.floor(random() * vocabulary)}`);
    for (let round = 0; round < 300; round++) {
      const vocabulary = 2 + Math.floor(random() * 8);
      const a = pick(Math.floor(random() * 40), vocabulary);
      // Half the pairs are edits of each other, as extractions of one page are.
      const b =
        round % 2 === 0
          ? a.flatMap((word) =>
              random() < 0.15 ? pick(Math.floor(random() * 3), vocabulary) : [word],
            )
          : pick(Math.floor(random() * 40), vocabulary);
      const match = alignWords(a, b);
      const pairs = [...match.entries()].filter(([, i]) => i >= 0);
      expect(pairs.length).toBe(lcsLength(a, b));
      let last = -1;
      for (const [j, i] of pairs) {
        expect(a[i]).toBe(b[j]);
        expect(i).toBeGreaterThan(last);
        last = i;
      }
    }
  });
});

describe('bagSimilarity', () => {
  it('ignores order but counts repeats', () => {
    // A table read by rows against by columns: the same words, another order.
    const rows = wordsOf('assam 1 bihar 2 bombay 3');
    const columns = wordsOf('assam bihar bombay 1 2 3');
    expect(bagSimilarity(rows, columns)).toBe(1);
    expect(similarity(rows, columns)).toBeCloseTo(8 / 12, 12);
    // {a, a, b} against {a, c}: one common word → 2·1/5.
    expect(bagSimilarity(['a', 'a', 'b'], ['a', 'c'])).toBeCloseTo(2 / 5, 12);
    expect(bagSimilarity([], [])).toBe(1);
  });
});

describe('documentSimilarity', () => {
  it('cuts one document-wide alignment at the reference’s page breaks', () => {
    // Ours runs the paragraph across the break and drops the page numbers; the reference has them.
    const ours = wordsOf('one two three four five six seven eight');
    const pages = [wordsOf('one two three four 1'), wordsOf('five six seven eight nine 2')];
    const result = documentSimilarity(ours, pages);
    expect(result.matched).toBe(8);
    expect(result.pages).toEqual([
      { page: 1, referenceWords: 5, oursWords: 4, matched: 4, similarity: 8 / 9 },
      { page: 2, referenceWords: 6, oursWords: 4, matched: 4, similarity: 8 / 10 },
    ]);
    // The word-weighted mean of the pages is the document's figure.
    expect(result.similarity).toBeCloseTo(16 / 19, 12);
    expect(result.similarity).toBeCloseTo(similarity(ours, pages.flat()), 12);
  });

  it('gives an unmatched word of ours to the page of the match before it', () => {
    const result = documentSimilarity(wordsOf('extra a b noise c'), [wordsOf('a b'), wordsOf('c')]);
    expect(result.pages.map((page) => page.oursWords)).toEqual([4, 1]);
    expect(result.pages.map((page) => page.matched)).toEqual([2, 1]);
  });
});

import type { Source } from '@samvad/contracts/sources';
import { describe, expect, it } from 'vitest';
import { figuresOf, rankOf, type ScoredResult } from './quality-scoring.ts';

const source = (file_name: string, page: number | null = null): Source => ({
  file_name,
  page,
  score: 0.5,
});

describe('rankOf', () => {
  it('finds the expected file by its name, on the page ±1, within the first five sources', () => {
    const sources = [source('other.pdf', 30), source('aoc.pdf', 12), source('aoc.pdf', 29)];
    expect(rankOf([{ file: 'ambedkar/pdf/aoc.pdf', page: 30 }], sources)).toBe(3);
    expect(rankOf([{ file: 'aoc.pdf', page: 13 }], sources)).toBe(2);
    expect(rankOf([{ file: 'aoc.pdf', page: 20 }], sources)).toBeNull();
    // A copy listed in `also` counts; a page-less file is found by its name.
    expect(
      rankOf(
        [
          { file: 'x.pdf', page: 1 },
          { file: 'other.pdf', page: null },
        ],
        sources,
      ),
    ).toBe(1);
    const late = [...Array(5)].map(() => source('filler.txt')).concat(source('aoc.pdf', 30));
    expect(rankOf([{ file: 'aoc.pdf', page: 30 }], late)).toBeNull();
  });
});

describe('figuresOf', () => {
  const result = (over: Partial<ScoredResult>): ScoredResult => ({
    kind: 'factual',
    language: 'en',
    answerable: true,
    rank: null,
    refused: false,
    ...over,
  });

  it('scores hits, MRR and both kinds of refusal, overall and by language and kind', () => {
    const figures = figuresOf([
      result({ rank: 1 }),
      result({ rank: 3, language: 'hi' }),
      result({ rank: null, refused: true, kind: 'paraphrase' }),
      result({ rank: 5 }),
      result({ answerable: false, refused: true, kind: 'unanswerable' }),
      result({ answerable: false, refused: false, kind: 'unanswerable' }),
    ]);
    expect(figures.overall).toEqual({
      questions: 6,
      answerable: 4,
      hit1: 1 / 4,
      hit3: 2 / 4,
      hit5: 3 / 4,
      mrr5: (1 + 1 / 3 + 1 / 5) / 4,
      falseRefusals: 1 / 4,
      unanswerable: 2,
      refusals: 1 / 2,
    });
    expect(Object.keys(figures.byLanguage)).toEqual(['en', 'hi']);
    expect(figures.byLanguage.hi).toMatchObject({ questions: 1, hit1: 0, hit3: 1 });
    expect(figures.byKind.unanswerable).toMatchObject({ answerable: 0, hit5: 0, refusals: 1 / 2 });
  });
});

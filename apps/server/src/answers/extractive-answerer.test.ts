import { describe, expect, it } from 'vitest';
import type { Passage } from '../services/knowledge-index.ts';
import {
  ANSWER_OPENING,
  answerExtractively,
  NOT_COVERED_ANSWER,
  NOT_COVERED_THRESHOLD,
  termCoverage,
  tokensOf,
} from './extractive-answerer.ts';

let next = 0;
function passage(text: string, score: number, extra: Partial<Passage> = {}): Passage {
  next++;
  return {
    id: `c${next}`,
    documentId: `d${next}`,
    ordinal: 0,
    page: null,
    startPage: null,
    endPage: null,
    pageLabel: null,
    anchor: null,
    fileName: `doc${next}.txt`,
    contentType: 'text/plain',
    title: `Doc ${next}`,
    text,
    score,
    link: `/api/documents/d${next}/file`,
    ...extra,
  } as Passage;
}

const CASTE = passage(
  'The people are not wrong in observing caste. In my view, what is wrong is their religion. ' +
    'The real remedy for caste is inter-marriage between the castes. Nothing else will serve as the solvent of caste. ' +
    'The weather in Bombay was warm that year.',
  0.6,
  {
    fileName: 'annihilation_of_caste.pdf',
    page: 40,
    pageLabel: '26',
    contentType: 'application/pdf',
  },
);
const REPEAT = passage(
  'The real remedy for caste is inter-marriage between the castes, as I have said. ' +
    'Fusion of blood alone can create the feeling of being kith and kin with caste.',
  0.5,
  { fileName: 'speech1.txt' },
);
const PDF_PAGE = passage(
  'Inter-marriage dissolves caste where religious reform has failed to end the caste system.',
  0.4,
  { fileName: 'volume.pdf', page: 12, contentType: 'application/pdf' },
);

describe('answerExtractively', () => {
  const question = 'What is the real remedy for caste?';

  it('opens honestly and quotes the best sentences with citations and pages', () => {
    const result = answerExtractively(question, [PDF_PAGE, CASTE, REPEAT]);
    expect(result.covered).toBe(true);
    expect(result.answer.startsWith(ANSWER_OPENING)).toBe(true);
    expect(result.answer).toContain(
      '> “The real remedy for caste is inter-marriage between the castes.” [1] (annihilation_of_caste.pdf, p. 26)',
    );
    // Printed label "26" wins over PDF page 40; without a label the PDF page is shown.
    expect(result.answer).not.toContain('p. 40');
    expect(result.answer).not.toContain('weather');
    expect(result.answer).not.toMatch(/<[a-z]/i);
  });

  it('shows the PDF page when the page has no printed label', () => {
    const result = answerExtractively(question, [PDF_PAGE]);
    expect(result.answer).toContain('[1] (volume.pdf, p. 12)');
    expect(result.sources).toHaveLength(1);
    expect(result.sources[0]?.page_label).toBeNull();
  });

  it('drops a sentence that repeats one already chosen', () => {
    const result = answerExtractively(question, [CASTE, REPEAT, PDF_PAGE]);
    const quotes = result.answer.split('\n').filter((line) => line.startsWith('> '));
    expect(
      quotes.filter((line) => /real remedy for caste is inter-marriage/.test(line)),
    ).toHaveLength(1);
    expect(quotes.length).toBeGreaterThanOrEqual(2);
    expect(quotes.length).toBeLessThanOrEqual(4);
  });

  it('numbers citations in order of appearance and lists exactly the cited passages, once each', () => {
    const result = answerExtractively(question, [CASTE, REPEAT, PDF_PAGE]);
    const markers = [...result.answer.matchAll(/\[(\d+)\] \(([^,)]+)/g)].map((m) => ({
      n: Number(m[1]),
      file: m[2],
    }));
    const distinct = [...new Set(markers.map((m) => m.n))];
    expect(distinct).toEqual(distinct.map((_, i) => i + 1));
    expect(result.sources).toHaveLength(distinct.length);
    for (const marker of markers) expect(result.sources[marker.n - 1]?.file_name).toBe(marker.file);
    expect(result.sources[0]).toEqual({
      file_name: 'annihilation_of_caste.pdf',
      page: 40,
      page_label: '26',
      score: 0.6,
      link: CASTE.link,
      excerpt: CASTE.text,
    });
  });

  it('keeps reading order: best passage first, sentences in their order within it', () => {
    const two = passage(
      'Caste is a state of mind. The real remedy for caste lies in destroying the belief in the shastras.',
      0.7,
    );
    const result = answerExtractively(question, [two, PDF_PAGE]);
    const first = result.answer.indexOf('Caste is a state of mind');
    const second = result.answer.indexOf('The real remedy for caste lies');
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(result.sources.map((s) => s.file_name)[0]).toBe(two.fileName);
  });

  it('says the writings do not cover the question when the best passage lacks its terms', () => {
    // Shares none of the question's search terms, however well it ranked.
    const unrelated = passage(
      'The monsoon reached the western coast late that year, flooding the fields.',
      0.9,
    );
    expect(answerExtractively(question, [unrelated])).toEqual({
      answer: NOT_COVERED_ANSWER,
      sources: [],
      covered: false,
    });
    expect(answerExtractively(question, [])).toEqual({
      answer: NOT_COVERED_ANSWER,
      sources: [],
      covered: false,
    });
    const related = passage(
      'The real remedy for caste is inter-marriage between the castes.',
      0.05,
    );
    expect(answerExtractively(question, [related]).covered).toBe(true);
  });

  it('measures coverage as the share of the query terms found in the text', () => {
    expect(termCoverage(['remedi', 'cast'], 'The remedy is here.')).toBe(0.5);
    expect(termCoverage(['remedi', 'cast'], 'The remedy for caste.')).toBe(1);
    expect(NOT_COVERED_THRESHOLD).toBeGreaterThan(0);
  });

  it('is not covered when no sentence shares a term with the question', () => {
    const unrelated = passage(
      'The weather in Bombay was warm and humid in the monsoon season.',
      0.9,
    );
    expect(answerExtractively(question, [unrelated]).covered).toBe(false);
  });
});

describe('tokensOf', () => {
  it('splits into words with their following whitespace, losslessly', () => {
    const text = 'Here are\n\n> “Caste is” [1] (a.pdf, p. 26)';
    const tokens = tokensOf(text);
    expect(tokens.join('')).toBe(text);
    expect(tokens.slice(0, 3)).toEqual(['Here ', 'are\n\n', '> ']);
    expect(tokensOf('')).toEqual([]);
    expect(tokensOf('  lead')).toEqual(['  ', 'lead']);
  });
});

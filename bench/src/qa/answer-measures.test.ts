import { describe, expect, it } from 'vitest';
import { type AnswerRow, summariseAnswers } from './answer-measures.ts';

const row = (id: string, answerable: boolean, words: number, rouge: number | null): AnswerRow => ({
  id,
  kind: answerable ? 'factual' : 'unanswerable',
  language: 'en',
  half: 'tune',
  answerable,
  citedHit: answerable,
  refused: !answerable,
  check: { quotes: 1, evidenceQuoted: answerable, junk: [], misattributions: [], located: 0 },
  script: 'Latin',
  support: null,
  firstTokenMs: null,
  words,
  evidenceRougeL: rouge,
});

describe('summariseAnswers: how closely answers keep to their point', () => {
  it('gives the median length and mean ROUGE-L over answerable questions only', () => {
    const summary = summariseAnswers([
      row('a-001', true, 120, 0.2),
      row('a-002', true, 180, 0.1),
      row('a-003', true, 90, 0),
      // A refusal to an unanswerable question: neither its words nor a score count.
      row('u-001', false, 30, null),
    ]);
    expect(summary.wordsP50).toBe(120);
    expect(summary.evidenceRougeL).toBeCloseTo(0.1, 10);
  });

  it('has no length or score without answerable questions', () => {
    const summary = summariseAnswers([row('u-001', false, 30, null)]);
    expect(summary.wordsP50).toBeNull();
    expect(summary.evidenceRougeL).toBeNull();
  });
});

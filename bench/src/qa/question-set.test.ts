import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CORPUS, evidenceShare, evidenceWords, readQuestionSet } from './question-set.ts';
import { judge } from './scoring.ts';
import { decodedIfLegacy, verifyQuestionLines } from './verify-lines.ts';

const corpusAvailable = existsSync(path.join(DEFAULT_CORPUS, 'SOURCES.md'));
const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('the question set', () => {
  const questions = readQuestionSet();

  it('has the size and mix the retrieval issue asks for, split into two fixed halves', () => {
    const count = (test: (q: (typeof questions)[number]) => boolean) =>
      questions.filter(test).length;
    expect(questions.length).toBeGreaterThanOrEqual(160);
    expect(count((q) => q.kind === 'paraphrase') / questions.length).toBeGreaterThanOrEqual(0.3);
    expect(count((q) => q.kind === 'keyword-poor') / questions.length).toBeGreaterThanOrEqual(0.2);
    expect(count((q) => q.kind === 'unanswerable')).toBeGreaterThanOrEqual(20);
    expect(count((q) => q.language === 'hi')).toBeGreaterThanOrEqual(20);
    expect(count((q) => q.language === 'mr')).toBeGreaterThanOrEqual(10);
    expect(count((q) => q.language === 'ta')).toBeGreaterThanOrEqual(10);
    expect(count((q) => q.half === undefined)).toBe(0);
    const tune = count((q) => q.half === 'tune');
    expect(Math.abs(tune - (questions.length - tune))).toBeLessThan(questions.length * 0.2);
    const groups = new Set(
      questions.flatMap((q) => (q.file ? [q.file.split('/').slice(0, 2).join('/')] : [])),
    );
    expect([...groups].sort()).toEqual([
      'ambedkar/baws_excerpts',
      'ambedkar/constituent_assembly',
      'ambedkar/pdf',
      'ambedkar/text',
      'indic/hi_baws_hindi_volume17.pdf',
      'indic/ta_castes_in_india_tamil.txt',
    ]);
  });

  it.skipIf(!corpusAvailable || !hasPdftotext)(
    'verifies: every file, page and evidence phrase is where the set says',
    () => {
      const report = verifyQuestionLines();
      expect(report.problems).toEqual([]);
      expect(report.questions.length).toBe(questions.length);
    },
    120_000,
  );

  it.skipIf(!corpusAvailable || !hasPdftotext)(
    'the verifier reports evidence that is not on its page',
    () => {
      const bad = path.join(import.meta.dirname, '__fixtures__', 'wrong-page.jsonl');
      const report = verifyQuestionLines([bad]);
      expect(report.problems).toHaveLength(1);
      expect(report.problems[0]).toMatch(/evidence not found/);
    },
  );
});

describe('legacy-font pages', () => {
  it('are decoded to Unicode Hindi before evidence is matched; other text is left alone', () => {
    // pdftotext of BAWS Hindi vol. 17 p. 20 (Walkman-Chanakya 905): a heading and a sentence.
    const page =
      "vNwrksa dk egRo\nlalkj esa vf/dka'k ns'kksa esa ,sls oxZ gSa tks fuEu oxZ dgs tkrs gSaA";
    expect(decodedIfLegacy(page)).toBe(
      'अछूतों का महत्व\nसंसार में अधिकांश देशों में ऐसे वर्ग हैं जो निम्न वर्ग कहे जाते हैं।',
    );
    const english = 'Ambedkar wrote on the Untouchables and the Congress in 1945.';
    expect(decodedIfLegacy(english)).toBe(english);
  });
});

describe('scoring', () => {
  const q = readQuestionSet().find((item) => item.file?.endsWith('.pdf') && item.also.length === 0);
  it('counts a PDF hit within one page, and an evidence hit by 3-grams', () => {
    if (!q || q.page === null || q.evidence === null || q.file === null)
      throw new Error('no PDF question');
    const fileName = path.basename(q.file);
    expect(judge(q, [{ fileName, page: q.page + 1, text: q.evidence }])).toEqual({
      locationRank: 1,
      evidenceRank: 1,
    });
    expect(
      judge(q, [
        { fileName: 'other.pdf', page: q.page, text: '' },
        { fileName, page: q.page + 2, text: '' },
      ]),
    ).toEqual({ locationRank: null, evidenceRank: null });
    expect(evidenceWords('Un-\n  touchable “caste”')).toEqual(['untouchable', 'caste']);
    expect(evidenceShare('a b c d', 'x a b c y')).toBe(0.5);
  });
});

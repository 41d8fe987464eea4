import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { detectReplyLanguage } from '@samvad/contracts/language';
import { describe, expect, it } from 'vitest';

// Issue 27: Marathi questions got Hindi openings and refusals, since both are Devanagari. The
// rule that tells them apart (packages/contracts/src/language.ts) measured on the team's question
// set (bench/qa/questions): every Marathi and Hindi question, with the language its author gave.
const questionsDir = path.resolve(import.meta.dirname, '../../../../bench/qa/questions');

function devanagariQuestions(): { question: string; language: 'hi' | 'mr' }[] {
  return readdirSync(questionsDir)
    .filter((file) => file.endsWith('.jsonl'))
    .flatMap((file) => readFileSync(path.join(questionsDir, file), 'utf8').split('\n'))
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { question: string; language: string })
    .filter((q): q is { question: string; language: 'hi' | 'mr' } =>
      ['hi', 'mr'].includes(q.language),
    );
}

describe('reply language on the question set’s Marathi and Hindi questions', () => {
  it('answers Marathi questions in Marathi and Hindi questions in Hindi', () => {
    const questions = devanagariQuestions();
    const score = { hi: { right: 0, all: 0 }, mr: { right: 0, all: 0 } };
    const wrong: string[] = [];
    for (const { question, language } of questions) {
      const got = detectReplyLanguage(question, 'hi');
      score[language].all++;
      if (got === language) score[language].right++;
      else wrong.push(`${language} → ${got}: ${question}`);
    }
    console.info(
      `reply language: Marathi ${score.mr.right}/${score.mr.all}, Hindi ${score.hi.right}/${score.hi.all}`,
    );
    expect(score.mr.all).toBeGreaterThanOrEqual(10);
    expect(score.hi.all).toBeGreaterThanOrEqual(40);
    // Measured 14/14 and 54/54 when written; a Hindi question must never turn Marathi.
    expect(wrong).toEqual([]);
  });
});

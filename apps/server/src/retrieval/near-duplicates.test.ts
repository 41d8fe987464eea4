import { describe, expect, it } from 'vitest';
import { collapseCopies } from './near-duplicates.ts';

const speech =
  'The first thing in my judgement we must do is to hold fast to constitutional methods of achieving our social and economic objectives. It means we must abandon the bloody methods of revolution.';

const passage = (
  text: string,
  page: number | null,
  score: number,
  lexicalScore: number | null = score,
) => ({
  text,
  page,
  score,
  lexicalScore,
  denseScore: null,
});

describe('collapseCopies', () => {
  it('keeps one passage for copies that differ in OCR and quotes, the paged one, at the best score', () => {
    const ocr = speech.replace('judgement', 'judgment').replace('bloody', 'b1oody');
    const result = collapseCopies([
      passage(`${ocr} More words follow here.`, null, 0.9, 0.9),
      passage(speech, 12, 0.4, 0.3),
      passage(
        'An unrelated passage about the Buddha and his Dhamma, and the rules of the Sangh.',
        null,
        0.3,
      ),
    ]);
    expect(result).toHaveLength(2);
    expect(result[0]).toMatchObject({ page: 12, score: 0.9, lexicalScore: 0.9 });
    expect(result[1]?.text).toContain('Buddha');
  });

  it('leaves passages that only share a phrase apart', () => {
    const result = collapseCopies([
      passage(
        `${speech.slice(0, 60)} and then the text goes somewhere else entirely, about education.`,
        null,
        0.5,
      ),
      passage(speech, 3, 0.4),
    ]);
    expect(result).toHaveLength(2);
  });
});

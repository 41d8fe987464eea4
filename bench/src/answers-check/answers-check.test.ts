import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CORPUS } from '../qa/question-set.ts';
import { checkAnswer } from './answer-checks.ts';
import { junkReason } from './junk.ts';
import { citationSupport, dominantScript, passageText, supports } from './model-checks.ts';
import { citedSentencesOf, quotesOf } from './quotes.ts';
import { SpeakerOracle } from './speaker-oracle.ts';

describe('quotes', () => {
  it('reads the old extractive format and the new one, escapes undone, nesting kept', () => {
    const answer = [
      'Here are the most relevant passages:',
      '',
      '> “Caste is not a physical object like a wall of bricks\\* …” [1] (aoc.pdf, p. 68)',
      '',
      'Gandhi replied: “I hold that “caste” is harmful” [2]. He also said “x y z” [3, 1].',
      '> ““The Centre and the States may be compared to a large building.“” [4] (cad.html)',
    ].join('\n');
    const quotes = quotesOf(answer);
    expect(quotes.map((q) => [q.text, q.citations, q.leadIn, q.truncated])).toEqual([
      ['Caste is not a physical object like a wall of bricks*', [1], '', true],
      ['I hold that “caste” is harmful', [2], 'Gandhi replied:', false],
      ['x y z', [3, 1], 'He also said', false],
      ['The Centre and the States may be compared to a large building.', [4], '', false],
    ]);
  });

  it("gives each quote under one lead that lead, in the offline answer's format", () => {
    const answer =
      'In *Annihilation of Caste*, Ambedkar writes: “One thing.” [1] “Another thing.” [2]';
    expect(quotesOf(answer).map((q) => [q.text, q.citations, q.leadIn])).toEqual([
      ['One thing.', [1], 'In *Annihilation of Caste*, Ambedkar writes:'],
      ['Another thing.', [2], 'In *Annihilation of Caste*, Ambedkar writes:'],
    ]);
  });

  it('finds the sentences that carry citation markers, a marker after the full stop included', () => {
    expect(citedSentencesOf('He left Hinduism. [1] It was 1956 [2]. No marker here.')).toEqual([
      { text: 'He left Hinduism.', citations: [1] },
      { text: 'It was 1956 .', citations: [2] },
    ]);
    expect(citedSentencesOf('He wrote: “One. Two. Three” [1]. Next.')).toEqual([
      { text: 'He wrote: “One. Two. Three” .', citations: [1] },
    ]);
  });
});

describe('quoted junk', () => {
  it.each([
    ['What is an ideal society ?', 'question'],
    ['Caste in India', 'under 6 words'],
    ['DR. BABASAHEB AMBEDKAR : WRITINGS AND SPEECHES VOLUME ONE', 'all caps'],
    ['The Annihilation of Caste and the Reply to the Mahatma', 'title case'],
    ['2 Why the Hindus have failed to unite against caste', 'section number'],
    ['IV. The Untouchables and the Pax Britannica in India', 'section number'],
  ])('%s → %s', (quote, reason) => expect(junkReason(quote)).toBe(reason));

  it('passes a sentence, one with a year, and Tamil', () => {
    expect(
      junkReason(
        'Political democracy cannot last unless there lies at the base of it social democracy.',
      ),
    ).toBeNull();
    expect(junkReason('In 1936 he wrote the speech that was never delivered.')).toBeNull();
    expect(
      junkReason('(2) It should be better if priesthood among Hindus was abolished.'),
    ).toBeNull();
    expect(junkReason('சாதி என்பது ஒரு மனநிலை என்று அவர் கூறுகிறார் என்பதை நாம் காணலாம்')).toBeNull();
  });
});

describe('citation support and reply language', () => {
  const passage = passageText(
    'Political democracy cannot last unless there lies at the base of it social democracy.',
  );
  it('holds when half the content words are in the passage, or a 6-word run is', () => {
    expect(supports('Social democracy must be the base of political democracy.', passage)).toBe(
      true,
    );
    expect(supports('He said there lies at the base of everything a choice.', passage)).toBe(true);
    expect(supports('Gandhi defended the varna system in the Harijan.', passage)).toBe(false);
    expect(
      citationSupport('Social democracy is the base [1]. Gandhi wrote in Harijan [2].', (n) =>
        n === 1 ? passage : null,
      ),
    ).toMatchObject({ sentences: 2, supported: 1 });
  });
  it('names the dominant script, file names and markers left out', () => {
    expect(dominantScript('जाति एक मानसिक अवस्था है [1] (annihilation_of_caste.pdf)')).toBe(
      'Devanagari',
    );
    expect(dominantScript('சாதி ஒரு மனநிலை [2]')).toBe('Tamil');
    expect(dominantScript('Caste is a state of mind [1].')).toBe('Latin');
  });
});

const corpusPresent = existsSync(path.join(DEFAULT_CORPUS, 'SOURCES.md'));
// CI (SAMVAD_REQUIRE_CORPUS=1, .ci/run) fails here instead of skipping without the corpus.
if (!corpusPresent && process.env.SAMVAD_REQUIRE_CORPUS === '1') {
  throw new Error(`SAMVAD_REQUIRE_CORPUS=1 but there is no test corpus at ${DEFAULT_CORPUS}`);
}

describe.skipIf(!corpusPresent)('the speaker oracle', () => {
  const oracle = SpeakerOracle.build(DEFAULT_CORPUS);
  const names = ['Dr. B. R. Ambedkar', 'Ambedkar', 'Dr. Ambedkar'];
  it('knows the Assembly speakers, Gandhi in Appendix I and the Buddha editor', () => {
    expect(oracle.locate('Let Dr. Ambedkar kindly speak.')?.speaker).toBe('H. V. KAMATH');
    expect(
      oracle.locate('If hereafter things go wrong, we will have nobody to blame except ourselves.')
        ?.role,
    ).toBe('reformer');
    expect(
      oracle.locate('The last paragraph of the letter surely cancels the first.')?.speaker,
    ).toMatch(/Gandhi/);
    expect(
      oracle.locate(
        'The source of the text for this electronic version was: Dr. Babasaheb Ambedkar: Writings and Speeches, Vol. 11',
      )?.role,
    ).toBe('editor');
  });
  it("counts a quote of Gandhi's as misattributed unless the answer names him", () => {
    const sources = [{ file_name: 'annihilation_of_caste.md', score: 1 }];
    const quote = 'The last paragraph of the letter surely cancels the first.';
    const check = (answer: string, speaker?: string) =>
      checkAnswer({
        question: null,
        answer,
        sources: [{ ...sources[0], ...(speaker ? { speaker } : {}) } as (typeof sources)[0]],
        oracle,
        reformerNames: names,
      }).misattributions.length;
    expect(check(`> “${quote}” [1]`)).toBe(1);
    expect(check(`Gandhi wrote: “${quote}” [1]`)).toBe(0);
    expect(check(`“${quote}” [1]`, 'M. K. Gandhi')).toBe(0);
    expect(check(`Ambedkar wrote: “${quote}” [1]`, 'M. K. Gandhi')).toBe(1);
  });
});

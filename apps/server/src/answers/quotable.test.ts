import { describe, expect, it } from 'vitest';
import { isQuotableSentence, sentencesOf } from './quotable.ts';

const quotable = (text: string, headings: string[] = []) =>
  sentencesOf(text, headings)
    .filter((sentence) => sentence.quotable)
    .map((sentence) => sentence.text);

describe('sentencesOf', () => {
  it('drops headings (from the chunk’s heading path or by their look), questions and fragments', () => {
    const text =
      '2 Why was Nagpur chosen?\n\nThe Nag People’s Nagpur\n\nMany people ask me why Nagpur was ' +
      'decided upon for this work. Why did it not happen elsewhere? So it was. The Nag people ' +
      'lived chiefly in Nagpur and the surrounding country.';
    // The echo of the question ("Many people ask me why…") is filler too (issue #29).
    expect(quotable(text, ['The Nag People’s Nagpur'])).toEqual([
      'The Nag people lived chiefly in Nagpur and the surrounding country.',
    ]);
  });

  it('drops a first sentence the chunk cut at its start, and an unfinished last one', () => {
    expect(
      quotable(
        'which was the reason given by the committee for its decision. The committee met in Poona in the year that followed. And then the members of the',
      ),
    ).toEqual(['The committee met in Poona in the year that followed.']);
  });

  it('quotes without verse numbers, speaker labels or the sentence’s own quotation marks', () => {
    expect(
      quotable(
        "24. Such is the definition of the Buddha's Dhamma as given here.\n\nR. V. DHULEKAR: My request is not that the translation should be adopted today. “Resolved that the Assembly do adjourn till such date as decided.”",
      ),
    ).toEqual([
      "Such is the definition of the Buddha's Dhamma as given here.",
      'My request is not that the translation should be adopted today.',
      'Resolved that the Assembly do adjourn till such date as decided.',
    ]);
  });
});

describe('sentencesOf, over a paragraph break inside a sentence', () => {
  // The Hindi BAWS volume 17, p. 61, as its PDF's layout breaks it (shared corpus).
  const page =
    'भारत में संसदीय लोकतंत्र की बात चल रही है। यहां किसी ऐसे साहसी व्यक्ति\n\nकी अत्यंत ' +
    'आवश्यकता है, जो भारतीयों को बता सके। संसदीय लोकतंत्र क्यों विफल हुआ? तानाशाहों के देशों में ' +
    'यह इसलिए\n\nविफल हुआ कि इसकी गति बहुत धीमी है।';

  it('reads the sentence whole, so that it can be quoted', () => {
    expect(quotable(page)).toContain('तानाशाहों के देशों में यह इसलिए विफल हुआ कि इसकी गति बहुत धीमी है।');
    expect(quotable(page)).toContain(
      'यहां किसी ऐसे साहसी व्यक्ति की अत्यंत आवश्यकता है, जो भारतीयों को बता सके।',
    );
  });

  it('keeps a heading, a finished sentence and a speaker’s turn apart from what follows', () => {
    expect(
      sentencesOf(
        'The Nag People\n\nlived chiefly in Nagpur and the surrounding country, as all agree.',
      ).map((sentence) => sentence.paragraph),
    ).toEqual([0, 1]);
    const turns = sentencesOf(
      'I have nothing more to add to what the Honourable Member has said so far\n\n' +
        'T. T. KRISHNAMACHARI: Sir, I rise to support the amendment moved by my friend.',
    );
    expect(new Set(turns.map((sentence) => sentence.turn)).size).toBe(2);
    expect(
      quotable('The committee met in Poona in the year that followed.\n\nand then it rose.'),
    ).toEqual(['The committee met in Poona in the year that followed.']);
  });
});

describe('isQuotableSentence', () => {
  it.each([
    ['DR. BABASAHEB AMBEDKAR : WRITINGS AND SPEECHES VOLUME ONE.'],
    ['Annihilation Of Caste With A Reply To Mahatma Gandhi.'],
    ['*Dhamma Based on Union with Brahma is a False Dhamma\\ -- 4.'],
    ['Chapter 3 The Origin of the Untouchables and their fate.'],
    ['See https://example.org/page for the full text of it.'],
    ['Even Carlyle who defended the worship of great men warned his readers how :'],
    ['What is the real remedy for the caste system today?'],
    // A speaker broken off in the debates (cad_volume_11.epub), and words left out.
    ['Because my friend probably knows if he is a lawyer……..'],
    ['The Hindus did not allow the Untouchables to take water from the tank . . .'],
    ['The Hindus did not allow the Untouchables to take water from the tank…”'],
  ])('refuses %s', (sentence) => {
    expect(isQuotableSentence(sentence)).toBe(false);
  });

  it('accepts running text', () => {
    expect(
      isQuotableSentence('Caste is not a division of labour but a division of labourers.'),
    ).toBe(true);
    expect(isQuotableSentence('“We are going to the tank not merely to drink its water.”')).toBe(
      true,
    );
    expect(isQuotableSentence('अछूतों का अपना कोई समाचार पत्र नहीं है और कांग्रेस का प्रेस बंद है।')).toBe(
      true,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { joinQuotes, quote } from './quote-text.ts';

describe('joinQuotes', () => {
  it('never quotes a sentence twice when a quote’s context was already quoted', () => {
    // Pakistan or the Partition of India: the second quote reads back to the first one's end.
    const joined = joinQuotes([
      {
        text: 'Unfortunately, the high-caste Hindus are bad as leaders. They have a trait of character which often leads the Hindus to disaster.',
        position: 4,
      },
      {
        text: 'They have a trait of character which often leads the Hindus to disaster. This trait is formed by their acquisitive instinct and aversion to share with others the good things of life.',
        position: 6,
      },
    ]);
    expect(joined).toBe(
      'Unfortunately, the high-caste Hindus are bad as leaders. They have a trait of character which often leads the Hindus to disaster. This trait is formed by their acquisitive instinct and aversion to share with others the good things of life.',
    );
  });

  it('knows where a Hindi sentence ends (।), so its context is not quoted twice', () => {
    // Gandhi and the Emancipation of the Untouchables (Hindi volume 17, p. 56): the lead, short,
    // reads back to the sentence already quoted before it.
    const first = 'इस प्रोपेगंडा के प्रभाव का कारण यह है कि अछूत इस का जवाब प्रोपेगंडा से नहीं दे सकते।';
    const lead = 'वे कांगेसी दावों का जवाब देने के लिए प्रचार नहीं कर सकते।';
    expect(
      joinQuotes([
        { text: first, position: 4 },
        { text: `${first} ${lead}`, position: 5 },
      ]),
    ).toBe(`${first} ${lead}`);
  });

  it('marks a gap with an ellipsis and runs neighbours on', () => {
    expect(
      joinQuotes([
        { text: 'The first sentence is here.', position: 1 },
        { text: 'The second one follows it.', position: 2 },
        { text: 'A later one stands apart.', position: 7 },
      ]),
    ).toBe('The first sentence is here. The second one follows it. … A later one stands apart.');
  });

  it('keeps a short quote short without cutting the sentence it was chosen for', () => {
    // Waiting for a Visa: a supporting quote's own sentence (160 characters) over a 150 cap.
    const chosen =
      'In the year 1934, some of my co-workers in the movement of the depressed classes ' +
      'expressed a desire to go on a sight-seeing tour, if I agreed to join them.';
    expect(chosen.length).toBeGreaterThan(150);
    const joined = joinQuotes(
      [
        { text: chosen, position: 3, required: true },
        { text: 'I agreed.', position: 4 },
      ],
      150,
    );
    // The chosen sentence whole; its neighbour would run past the cap, so it is left out.
    expect(joined).toBe(chosen);
    // Without `required` the same sentence is cut at a word, marked by an ellipsis.
    expect(joinQuotes([{ text: chosen, position: 3 }], 150)).toMatch(/^In the year 1934,.* …$/);
  });
});

describe('quote', () => {
  it('prints quotation marks inside a quote as single ones, straight marks included', () => {
    expect(quote('He called it “a scheme” and said "this is persecution."')).toBe(
      'He called it ‘a scheme’ and said ‘this is persecution.’',
    );
    expect(quote('"Caste" is a notion; ("a state of mind"), not a thing—"a wall".')).toBe(
      '‘Caste’ is a notion; (‘a state of mind’), not a thing—‘a wall’.',
    );
  });
});

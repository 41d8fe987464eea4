import { describe, expect, it } from 'vitest';
import { analyze, tokenize, tokenizeQuery } from './tokenizer.ts';

describe('tokenize', () => {
  it('drops English stop words and stems inflections to one term', () => {
    const terms = tokenize('The Untouchables were denied the right to education');
    expect(terms).not.toContain('the');
    expect(terms).not.toContain('were');
    expect(terms).not.toContain('to');
    expect(terms).toHaveLength(4);
    expect(tokenize('castes')).toEqual(tokenize('caste'));
    expect(tokenize('educated')).toEqual(tokenize('education'));
    expect(tokenize('constitutional')).toEqual(tokenize('Constitution'));
    expect(tokenize('caste')).not.toEqual(tokenize('cast iron'));
  });

  it('lower-cases, folds Latin diacritics and ignores punctuation and possessives', () => {
    expect(tokenize('Mahārāṣṭra')).toEqual(tokenize('maharastra'));
    expect(tokenize('“Ambedkar’s”')).toEqual(tokenize('AMBEDKAR'));
    expect(tokenize('(caste),')).toEqual(tokenize('caste'));
    expect(tokenize('B.R. Ambedkar')).toEqual(tokenize('B. R. Ambedkar'));
    expect(tokenize('ﬁnal')).toEqual(tokenize('final'));
    expect(tokenize('self-respect')).toEqual([...tokenize('self'), ...tokenize('respect')]);
  });

  it('keeps Devanagari words whole, vowel signs and viramas included', () => {
    expect(tokenize('हिन्दू धर्म में जाति-व्यवस्था')).toEqual(['हिन्दू', 'धर्म', 'में', 'जाति', 'व्यवस्था']);
    // क़ as one code point (U+0958) and as क + nukta are the same word.
    expect(tokenize('\u0958ानून')).toEqual(tokenize('\u0915\u093cानून'));
  });

  it('keeps Tamil words whole', () => {
    expect(tokenize('இந்தியாவில் சாதிகள் - அவற்றின் அமைப்பியக்கம்,')).toEqual([
      'இந்தியாவில்',
      'சாதிகள்',
      'அவற்றின்',
      'அமைப்பியக்கம்',
    ]);
  });

  it('keeps numbers, whatever their digits or separators', () => {
    expect(tokenize('On 25 November 1949.')).toContain('1949');
    expect(tokenize('1,949')).toEqual(['1949']);
    expect(tokenize('१९४९')).toEqual(['1949']);
    expect(tokenize('25th')).toHaveLength(1);
  });

  it('gives the same terms in a sentence as for the words alone', () => {
    const sentence = 'Caste, in “India”, means an artificial chopping-off of the population.';
    const oneByOne = sentence.split(/\s+/).flatMap((word) => tokenize(word));
    expect(tokenize(sentence)).toEqual(oneByOne);
    expect(tokenize(sentence).join(' ')).toBe(tokenize(sentence.replace(/\s+/g, '\n  ')).join(' '));
  });
});

describe('analyze', () => {
  it('returns the words, stop words included, alongside the terms', () => {
    const { terms, words } = analyze('The Buddha and His Dhamma');
    expect(words).toEqual(['the', 'buddha', 'and', 'his', 'dhamma']);
    expect(terms).toEqual(tokenize('Buddha Dhamma'));
  });

  it('gives equal words for texts differing only in case, spacing and punctuation', () => {
    expect(analyze('Caste  in India:\nits mechanism').words).toEqual(
      analyze('caste in India — its Mechanism.').words,
    );
  });
});

describe('tokenizeQuery', () => {
  it('returns each term once, in order of first use', () => {
    expect(tokenizeQuery('caste and caste system')).toEqual(tokenize('caste system'));
  });

  it('drops question filler unless nothing else is left', () => {
    expect(tokenizeQuery('Please explain what Ambedkar does say about caste')).toEqual(
      tokenizeQuery('Ambedkar say caste'),
    );
    expect(tokenizeQuery('Please explain')).toEqual(tokenize('please explain'));
  });

  it('is empty for a question of stop words only', () => {
    expect(tokenizeQuery('What is it that he would have?')).toEqual([]);
  });
});

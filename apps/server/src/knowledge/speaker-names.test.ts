import { describe, expect, it } from 'vitest';
import { displayName, SpeakerNames } from './speaker-names.ts';

const ambedkar = new SpeakerNames({
  reformerName: 'Dr. B. R. Ambedkar',
  reformerAliases: ['Ambedkar', 'Babasaheb', 'Baba Saheb', 'Bhimrao', 'அம்பேத்கர்', 'பாபாசாகேப்'],
});

describe('SpeakerNames', () => {
  it.each([
    'The Honourable Dr. B. R. Ambedkar',
    'B. R. AMBEDKAR',
    'DR. B.R. AMBEDKAR I',
    'BHIMRAO R. AMBEDKAR',
    'Babasaheb Dr. B. R. Ambedkar',
    '- டாக்டர் பாபாசாகேப் அம்பேத்கர்',
  ])('%s is the reformer', (name) => {
    expect(ambedkar.isReformer(name)).toBe(true);
  });

  it.each([
    'President',
    'Mr. President',
    'T. T. Krishnamachari',
    'Yashwant Ambedkar',
    'Doctor Saheb',
  ])('%s is not', (name) => {
    expect(ambedkar.isReformer(name)).toBe(false);
  });

  it('reads a byline and a mention', () => {
    expect(ambedkar.startsWithReformer('Dr. B. R. Ambedkar M.A., Ph.D.')).toBe(true);
    expect(ambedkar.startsWithReformer('Mahatma Gandhi')).toBe(false);
    expect(ambedkar.mentions('DR. BABASAHEB AMBEDKAR : WRITINGS AND SPEECHES')).toBe(true);
  });
});

describe('displayName', () => {
  it.each([
    ['MAHATMA GANDHI', 'Gandhi'],
    ['Shri Sant Ramji', 'Sant Ram'],
    ['G. C. narang', 'G. C. Narang'],
    ['T. T. KRISHNAMACHARI', 'T. T. Krishnamachari'],
    ['Mr. President', 'President'],
  ])('%s → %s', (raw, shown) => {
    expect(displayName(raw)).toBe(shown);
  });
});

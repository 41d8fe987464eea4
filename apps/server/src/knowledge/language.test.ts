import { describe, expect, it } from 'vitest';
import { countWords, detectLanguage, splitSentences } from './language.ts';

describe('detectLanguage', () => {
  it.each([
    ['डॉ. अम्बेडकर सम्पूर्ण वाङ्मय', 'hi'],
    ['இந்தியாவில் சாதிகள் - அவற்றின் அமைப்பியக்கம்', 'ta'],
    ['ভারতে জাতিভেদ প্রথা', 'bn'],
    ['భారతదేశంలో కులాలు', 'te'],
    ['ಭಾರತದಲ್ಲಿ ಜಾತಿಗಳು', 'kn'],
    ['ഇന്ത്യയിലെ ജാതികൾ', 'ml'],
    ['ભારતમાં જ્ઞાતિઓ', 'gu'],
    ['ਭਾਰਤ ਵਿੱਚ ਜਾਤਾਂ', 'pa'],
    ['ہندوستان میں ذاتیں', 'ur'],
    ['Castes in India', 'en'],
    ['', 'en'],
  ])('reads %s as %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('goes by the majority of letters', () => {
    expect(detectLanguage('Castes in India (இந்தியாவில் சாதிகள் அவற்றின் அமைப்பியக்கம்)')).toBe('ta');
    expect(
      detectLanguage('The word जाति means caste in Hindi and in several other languages'),
    ).toBe('en');
  });
});

describe('countWords', () => {
  it('counts Devanagari and Tamil words, not code points or spaces', () => {
    expect(countWords('डॉ. अम्बेडकर सम्पूर्ण वाङ्मय ने कहा।')).toBe(6);
    expect(countWords('இந்தியாவில் சாதிகள் - அவற்றின் அமைப்பியக்கம், தோற்றம், வளர்ச்சி')).toBe(6);
    expect(countWords('self-government isn’t 1,000 words — really.')).toBe(6);
  });
});

describe('splitSentences', () => {
  it('does not end sentences at titles, initials or page abbreviations', () => {
    expect(
      splitSentences(
        'Dr. B. R. Ambedkar moved the Bill, Mr. President. It is cited at p. 4 of Vol. 1. Then M.L.A. Sant Ram spoke.',
      ),
    ).toEqual([
      'Dr. B. R. Ambedkar moved the Bill, Mr. President.',
      'It is cited at p. 4 of Vol. 1.',
      'Then M.L.A. Sant Ram spoke.',
    ]);
  });

  it('keeps a quotation and its lower-case continuation together', () => {
    expect(splitSentences('“Is this right?” he asked. Yes!')).toEqual([
      '“Is this right?” he asked.',
      'Yes!',
    ]);
  });

  it('splits at the danda and in Tamil', () => {
    expect(splitSentences('अम्बेडकर ने कहा। यह सही है।')).toEqual(['अम्बेडकर ने कहा।', 'यह सही है।']);
    expect(splitSentences('இது சரி. அது தவறு.')).toEqual(['இது சரி.', 'அது தவறு.']);
  });

  it('splits at the double danda and keeps a verse number with its verse', () => {
    expect(splitSentences('धम्म का सार यही है॥ यह सही है।। और')).toEqual([
      'धम्म का सार यही है॥',
      'यह सही है।।',
      'और',
    ]);
    expect(splitSentences('बुद्ध ने कहा ॥ १ ॥ फिर वे चले। सत्य यही है ॥२३॥')).toEqual([
      'बुद्ध ने कहा ॥ १ ॥',
      'फिर वे चले।',
      'सत्य यही है ॥२३॥',
    ]);
  });

  it('does not end a Hindi sentence at an abbreviation (डा., पृ.)', () => {
    expect(splitSentences('इस पर डा. अम्बेडकर ने लिखा, पृ. 12 देखें। दूसरा वाक्य।')).toEqual([
      'इस पर डा. अम्बेडकर ने लिखा, पृ. 12 देखें।',
      'दूसरा वाक्य।',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { REPLY_LANGUAGES, REPLY_TEXTS } from './reply-texts.ts';
import { sourceLanguageNote, textLanguage } from './source-language.ts';

// Team-written test sentences, not Ambedkar's words.
const HINDI = 'शिक्षा के बिना कोई भी समाज आगे नहीं बढ़ सकता है और यह सबके लिए है।';
const MARATHI = 'शिक्षणाशिवाय कोणताही समाज पुढे जाऊ शकत नाही आणि हे सर्वांसाठी आहे.';
const TAMIL = 'கல்வி இல்லாமல் எந்தச் சமூகமும் முன்னேற முடியாது.';
const ENGLISH = 'No society can advance without education, and education is for all.';

describe('textLanguage', () => {
  it('tells the script, and Marathi from Hindi by their function words', () => {
    expect(textLanguage(ENGLISH)).toBe('en');
    expect(textLanguage(HINDI)).toBe('hi');
    expect(textLanguage(MARATHI)).toBe('mr');
    expect(textLanguage(TAMIL)).toBe('ta');
    expect(textLanguage('1949 — 26.')).toBeNull();
  });

  it('keeps a Devanagari quote too short to tell as Hindi', () => {
    expect(textLanguage('शिक्षा सबके लिए')).toBe('hi');
    expect(textLanguage('समाज पुढे आहे')).toBe('hi');
  });
});

describe('sourceLanguageNote', () => {
  it('notes a quote in another language than the reply’s, in the reply’s language', () => {
    expect(sourceLanguageNote(ENGLISH, 'hi')).toBe('स्रोत अंग्रेज़ी में है।');
    expect(sourceLanguageNote(ENGLISH, 'ta')).toBe('ஆதாரம் ஆங்கில மொழியில் உள்ளது.');
    expect(sourceLanguageNote(HINDI, 'en')).toBe('The source is in Hindi.');
    expect(sourceLanguageNote(HINDI, 'mr')).toBe('स्रोत हिंदी भाषेत आहे.');
    expect(sourceLanguageNote(TAMIL, 'hi')).toBe('स्रोत तमिल में है।');
    // A language without texts of its own is answered in English: an English quote needs no note.
    expect(sourceLanguageNote(ENGLISH, 'fr')).toBeNull();
    expect(sourceLanguageNote(HINDI, 'fr')).toBe('The source is in Hindi.');
  });

  it('adds nothing when the quote is in the reply’s language', () => {
    expect(sourceLanguageNote(ENGLISH, 'en')).toBeNull();
    expect(sourceLanguageNote(HINDI, 'hi')).toBeNull();
    expect(sourceLanguageNote(HINDI, 'HI')).toBeNull();
    expect(sourceLanguageNote(MARATHI, 'mr')).toBeNull();
    expect(sourceLanguageNote(TAMIL, 'ta')).toBeNull();
  });

  it('has a note and every language’s name in every reply language', () => {
    for (const reply of REPLY_LANGUAGES) {
      const texts = REPLY_TEXTS[reply];
      expect(texts.sourceIn).toContain('{language}');
      for (const source of REPLY_LANGUAGES) {
        expect(texts.languageNames[source].trim()).not.toBe('');
      }
    }
  });
});

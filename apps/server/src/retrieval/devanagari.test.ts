import { describe, expect, it } from 'vitest';
import {
  aksharaCount,
  DEVANAGARI_STOP_WORDS,
  marathiVote,
  normalizeDevanagari,
  stemHindi,
  stemMarathi,
} from './devanagari.ts';

const sameForm = (...variants: string[]) => new Set(variants.map(normalizeDevanagari)).size;

describe('normalizeDevanagari', () => {
  it('drops the nukta, precomposed or not', () => {
    // ज़ as U+095B, as ज + U+093C, and without the dot.
    expect(sameForm('\u095bमीन', 'ज\u093cमीन', 'जमीन')).toBe(1);
    expect(sameForm('फ़ैसला', 'फैसला')).toBe(1);
    expect(sameForm('\u0929', 'न')).toBe(1); // ऩ
    expect(normalizeDevanagari('ज़मीन')).not.toContain('\u093c');
  });

  it('writes the chandrabindu as an anusvara', () => {
    expect(normalizeDevanagari('हाँ')).toBe('हां');
    expect(normalizeDevanagari('जातियाँ')).toBe('जातियां');
  });

  it('writes a half nasal before a consonant of its class as an anusvara', () => {
    expect(sameForm('हिन्दी', 'हिंदी')).toBe(1);
    expect(sameForm('सम्बन्ध', 'संबंध')).toBe(1);
    expect(sameForm('गङ्गा', 'गंगा')).toBe(1);
    expect(sameForm('चञ्चल', 'चंचल')).toBe(1);
    expect(sameForm('पण्डित', 'पंडित')).toBe(1);
    expect(sameForm('सम्वत्', 'संवत्')).toBe(1);
  });

  it('keeps half nasals that no one writes as an anusvara', () => {
    for (const word of ['अन्य', 'जन्म', 'उन्होंने', 'सम्मान', 'अन्न']) {
      expect(normalizeDevanagari(word)).toBe(word);
    }
  });

  it('drops ZWJ, ZWNJ and the avagraha', () => {
    expect(normalizeDevanagari('क्\u200dष')).toBe('क्ष');
    expect(normalizeDevanagari('सम्\u200cबन्ध')).toBe('संबंध');
    expect(normalizeDevanagari('अरेऽऽ')).toBe('अरे');
  });

  it('mends the vowels that legacy-font conversion spells in pieces', () => {
    expect(normalizeDevanagari('हिंदुआें')).toBe('हिंदुओं');
    expect(normalizeDevanagari('अात्मा')).toBe('आत्मा');
    expect(normalizeDevanagari('उन्हेें')).toBe('उन्हें');
  });

  it('reads the older "ये"/"यी" endings as "ए"/"ई", but not a plural in "यें"', () => {
    expect(sameForm('किये', 'किए')).toBe(1);
    expect(sameForm('चाहिये', 'चाहिए')).toBe(1);
    expect(sameForm('स्थायी', 'स्थाई')).toBe(1);
    expect(normalizeDevanagari('गायें')).toBe('गायें');
    expect(normalizeDevanagari('ये')).toBe('ये');
  });
});

describe('aksharaCount', () => {
  it('counts syllables, not code points', () => {
    expect(aksharaCount('क्षत्रिय')).toBe(3);
    expect(aksharaCount('नेता')).toBe(2);
    expect(aksharaCount('अछूत')).toBe(3);
    expect(aksharaCount('ने')).toBe(1);
  });
});

describe('stemHindi', () => {
  const stems = (...words: string[]) =>
    new Set(words.map((w) => stemHindi(normalizeDevanagari(w))));

  it('gives the inflections of a word one stem', () => {
    expect(stems('किताब', 'किताबें', 'किताबों')).toEqual(new Set(['किताब']));
    expect(stems('जाति', 'जातियां', 'जातियाँ', 'जातियों')).toEqual(new Set(['जात']));
    expect(stems('लड़का', 'लड़के', 'लड़की', 'लड़कों')).toEqual(new Set(['लडक']));
    expect(stems('राजा', 'राजाओं')).toEqual(new Set(['राज']));
    expect(stems('हिंदू', 'हिन्दुओं', 'हिंदुआें')).toEqual(new Set(['हिंद']));
    expect(stems('अछूत', 'अछूतों')).toEqual(new Set(['अछूत']));
    expect(stems('मांग', 'मांगें', 'मांगों', 'माँगते', 'मांगना')).toEqual(new Set(['मांग']));
  });

  it('leaves at least two syllables', () => {
    expect(stemHindi('नेता')).toBe('नेत');
    expect(stemHindi('सेना')).toBe('सेन');
    expect(stemHindi('बात')).toBe('बात');
    expect(stemHindi('मां')).toBe('मां');
  });

  it('does not read a name ending in "कर" as a verb', () => {
    expect(stemHindi('अंबेडकर')).toBe('अंबेडकर');
    expect(stemHindi('नौकर')).toBe('नौकर');
  });
});

describe('stemMarathi', () => {
  it('strips the case markers Marathi writes onto the word', () => {
    for (const word of [
      'समाज',
      'समाजाचा',
      'समाजाची',
      'समाजात',
      'समाजाला',
      'समाजाने',
      'समाजासाठी',
      'समाजामध्ये',
    ]) {
      expect(stemMarathi(word)).toBe('समाज');
    }
    expect(stemMarathi('जातींच्या')).toBe(stemHindi('जाति'));
    expect(stemMarathi('जातीत')).toBe(stemHindi('जाति'));
    expect(stemMarathi('लोकांना')).toBe('लोक');
    expect(stemMarathi('महाडच्या')).toBe('महाड');
    expect(stemMarathi('प्रकारचे')).toBe('प्रकार');
  });

  it('does not cut ordinary endings that look like a marker', () => {
    expect(stemMarathi('भारत')).toBe('भारत');
    expect(stemMarathi('अछूत')).toBe('अछूत');
    expect(stemMarathi('महिला')).toBe(stemHindi('महिला'));
    expect(stemMarathi('चर्चा')).toBe(stemHindi('चर्चा'));
  });
});

describe('stop words and language votes', () => {
  it('lists Hindi and Marathi function words in their normalised spelling', () => {
    for (const word of ['का', 'के', 'की', 'है', 'हैं', 'और', 'में', 'से', 'को', 'ने', 'आहे', 'आणि', 'होते']) {
      expect(DEVANAGARI_STOP_WORDS.has(word)).toBe(true);
    }
    expect(DEVANAGARI_STOP_WORDS.has('हूं')).toBe(true); // listed as "हूँ"
    expect(DEVANAGARI_STOP_WORDS.has('किए')).toBe(true); // listed as "किये" too
    for (const word of ['जाति', 'धर्म', 'मत', 'समय', 'कारण']) {
      expect(DEVANAGARI_STOP_WORDS.has(word)).toBe(false);
    }
  });

  it('votes Marathi for its function words and case endings, Hindi for its own', () => {
    expect(marathiVote('आहे')).toBe(1);
    expect(marathiVote('समाजाच्या')).toBe(1);
    expect(marathiVote('है')).toBe(-1);
    expect(marathiVote('समाज')).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { detectLanguage, detectReplyLanguage } from './language.ts';

describe('detectLanguage', () => {
  it.each([
    ['जाति व्यवस्था क्या है?', 'hi'],
    ['சாதி அமைப்பு என்றால் என்ன?', 'ta'],
    ['জাতিভেদ প্রথা কী?', 'bn'],
    ['కుల వ్యవస్థ అంటే ఏమిటి?', 'te'],
    ['ಜಾತಿ ವ್ಯವಸ್ಥೆ ಎಂದರೇನು?', 'kn'],
    ['ജാതി വ്യവസ്ഥ എന്താണ്?', 'ml'],
    ['જાતિ વ્યવસ્થા શું છે?', 'gu'],
    ['ਜਾਤ ਪ੍ਰਣਾਲੀ ਕੀ ਹੈ?', 'pa'],
    ['ذات پات کا نظام کیا ہے؟', 'ur'],
    ['What is the caste system?', 'en'],
  ])('detects %s as %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('gives Marathi (Devanagari) as hi: the spec’s Marathi check is never reached', () => {
    expect(detectLanguage('जातिव्यवस्था म्हणजे काय?')).toBe('hi');
  });

  it('falls back to en for text without letters of a listed script', () => {
    expect(detectLanguage('')).toBe('en');
    expect(detectLanguage('1949?!')).toBe('en');
    expect(detectLanguage('Что такое каста?')).toBe('en');
  });

  it('goes by the majority of letters, not by the first one', () => {
    expect(detectLanguage('Explain जाति please')).toBe('en');
    expect(detectLanguage('Ambedkar ने जाति व्यवस्था के बारे में क्या कहा?')).toBe('hi');
  });

  it('lets a supplied language override the guess, but not an empty one', () => {
    expect(detectLanguage('जाति क्या है?', 'mr')).toBe('mr');
    expect(detectLanguage('What is caste?', 'ta')).toBe('ta');
    expect(detectLanguage('जाति क्या है?', '')).toBe('hi');
    expect(detectLanguage('जाति क्या है?', '  ')).toBe('hi');
    expect(detectLanguage('जाति क्या है?', null)).toBe('hi');
  });
});

describe('detectReplyLanguage', () => {
  // Team-written questions, none of them from bench/qa (apps/server/src/answers/
  // reply-language.test.ts measures the rule on that set).
  it.each([
    ['आंबेडकरांनी शिक्षणाबद्दल काय सांगितले?', 'mr'],
    ['जातिव्यवस्था म्हणजे काय?', 'mr'],
    ['महाडचा सत्याग्रह कधी झाला?', 'mr'],
    ['संविधान सभेत आंबेडकरांची भूमिका काय होती?', 'mr'],
    ['जाति व्यवस्था क्या है?', 'hi'],
    ['अंबेडकर ने शिक्षा के बारे में क्या कहा?', 'hi'],
    ['महाड सत्याग्रह कब हुआ?', 'hi'],
    ['संविधान सभा में अंबेडकर की भूमिका क्या थी?', 'hi'],
  ])('answers %s in %s', (question, language) => {
    expect(detectReplyLanguage(question)).toBe(language);
  });

  it('keeps Hindi when nothing tells the two apart', () => {
    expect(detectReplyLanguage('आरक्षण')).toBe('hi');
    expect(detectReplyLanguage('बुद्ध धम्म')).toBe('hi');
  });

  it('reads a supplied hi as the script it is, and keeps any other supplied language', () => {
    expect(detectReplyLanguage('जातिव्यवस्था म्हणजे काय?', 'hi')).toBe('mr');
    expect(detectReplyLanguage('जातिव्यवस्था म्हणजे काय?', 'en')).toBe('en');
    expect(detectReplyLanguage('What is caste?', 'hi')).toBe('hi');
    expect(detectReplyLanguage('What is caste?')).toBe('en');
    expect(detectReplyLanguage('சாதி என்றால் என்ன?')).toBe('ta');
  });
});

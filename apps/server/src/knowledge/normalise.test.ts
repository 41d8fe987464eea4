import { describe, expect, it } from 'vitest';
import { collectHyphenEvidence, keepLineEndHyphen, normaliseText } from './normalise.ts';

describe('normaliseText', () => {
  it('composes to NFC', () => {
    const decomposed = 'Cafe\u0301 and \u0915\u093c';
    const result = normaliseText(decomposed);
    expect(result).toBe('Café and \u0958'.normalize('NFC'));
    expect(result).toBe(result.normalize('NFC'));
    expect(result.length).toBeLessThan(decomposed.length);
  });

  it('expands ligatures', () => {
    expect(
      normaliseText('\uFB01rst \uFB02ow e\uFB00ort o\uFB03ce ba\uFB04e \uFB05op \uFB06ar'),
    ).toBe('first flow effort office baffle stop star');
  });

  it('removes soft hyphens and joins words split by one at a line end', () => {
    expect(normaliseText('consti\u00ADtution')).toBe('constitution');
    expect(normaliseText('consti\u00AD\ntution of India')).toBe('constitution of India');
  });

  it('re-joins words hyphenated across a line break', () => {
    expect(normaliseText('the consti-\ntution of India')).toBe('the constitution of India');
    expect(normaliseText('it was pre-\r\npared in haste')).toBe('it was prepared in haste');
  });

  it('keeps the hyphen of real compounds', () => {
    expect(normaliseText('self-\ngovernment')).toBe('self-government');
    expect(normaliseText('the Jat-Pat-\nTodak Mandal')).toBe('the Jat-Pat-Todak Mandal');
    expect(normaliseText('the Anglo-\nIndians')).toBe('the Anglo-Indians');
    expect(normaliseText('social-\nstate')).toBe('social-state');
  });

  it('lets the document decide between its own spellings', () => {
    const evidence = collectHyphenEvidence(
      'We need co-operation. The to-day of it.\nA caste-\nless man',
    );
    expect(keepLineEndHyphen('co', 'operation', evidence)).toBe(true);
    expect(normaliseText('co-\noperation', evidence)).toBe('co-operation');
    const joined = collectHyphenEvidence('Cooperation is all. Its mechanism is known.');
    expect(normaliseText('co-\noperation and mecha-\nnism', joined)).toBe(
      'cooperation and mechanism',
    );
    // Both halves are words of the document: a compound, not a split word.
    const words = collectHyphenEvidence('the title of the land and the deeds of sale');
    expect(normaliseText('title-\ndeeds', words)).toBe('title-deeds');
  });

  it('collapses whitespace, including no-break spaces and tabs, and trims', () => {
    expect(normaliseText('  a\u00A0\u00A0b\t\tc\n\n d  ')).toBe('a b c d');
  });

  it('drops byte-order marks and zero-width spaces but keeps joiners Indic scripts need', () => {
    expect(normaliseText('\uFEFFword\u200Bbreak')).toBe('wordbreak');
    expect(normaliseText('क्\u200Dष')).toBe('क्\u200Dष');
  });

  it('keeps curly quotes and dashes as they are', () => {
    const text = '“It is not possible to break Caste”—he said, ‘twice’.';
    expect(normaliseText(text)).toBe(text);
  });
});

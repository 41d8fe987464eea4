import { describe, expect, it } from 'vitest';
import { reformerNameIn } from './lead-texts.ts';

const ALIASES = ['Ambedkar', 'Baba Saheb', 'अम्बेडकर', 'आंबेडकर', 'அம்பேத்கர்'];
const BY_LANGUAGE = { mr: 'आंबेडकर' };

describe('reformerNameIn', () => {
  it('gives the persona’s name for the reply language before any alias', () => {
    expect(reformerNameIn('mr', 'Ambedkar', ALIASES, BY_LANGUAGE)).toBe('आंबेडकर');
    expect(reformerNameIn('hi', 'Ambedkar', ALIASES, BY_LANGUAGE)).toBe('अम्बेडकर');
  });

  it('falls back to the first one-word alias in the reply’s script, then the Latin name', () => {
    expect(reformerNameIn('mr', 'Ambedkar', ALIASES)).toBe('अम्बेडकर');
    expect(reformerNameIn('ta', 'Ambedkar', ALIASES, BY_LANGUAGE)).toBe('அம்பேத்கர்');
    expect(reformerNameIn('ta', 'Ambedkar', ['Ambedkar'])).toBe('Ambedkar');
    expect(reformerNameIn('en', 'Ambedkar', ALIASES, { en: 'Dr. Ambedkar' })).toBe('Ambedkar');
  });
});

import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('takes the first letters of the first and last names, upper-cased', () => {
    expect(initialsOf('Asha Devi', 'a@example.org')).toBe('AD');
    expect(initialsOf('bhimrao ramji ambedkar', null)).toBe('BA');
  });

  it('gives one letter for a one-word name', () => {
    expect(initialsOf('Asha', null)).toBe('A');
  });

  it("uses the e-mail's local part when there is no name", () => {
    expect(initialsOf(null, 'asha.devi@example.org')).toBe('AD');
    expect(initialsOf('   ', 'ravi@example.org')).toBe('R');
  });

  it('handles letters outside Latin and ignores punctuation', () => {
    expect(initialsOf('सावित्री फुले', null)).toBe('सफ');
    expect(initialsOf('  (Dr.) Asha  ', null)).toBe('DA');
  });

  it('is empty when there is nothing to take letters from', () => {
    expect(initialsOf(null, null)).toBe('');
    expect(initialsOf('', '')).toBe('');
    expect(initialsOf('!!', null)).toBe('');
  });
});

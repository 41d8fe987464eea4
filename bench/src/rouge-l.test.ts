import { describe, expect, it } from 'vitest';
import { rougeLF1, wordsOf } from './rouge-l.ts';

describe('rougeLF1', () => {
  it('is 1 for identical texts and 0 for disjoint ones', () => {
    expect(rougeLF1('Caste is a state of mind', 'caste is a state of mind.')).toBe(1);
    expect(rougeLF1('liberty equality', 'fraternity')).toBe(0);
  });

  it('matches the textbook example', () => {
    // LCS("police killed the gunman", "police kill the gunman") = 3 → P = R = 3/4.
    expect(rougeLF1('police kill the gunman', 'police killed the gunman')).toBeCloseTo(0.75, 10);
  });

  it('counts a Devanagari word with its vowel signs as one word', () => {
    // "शिक्षा" (education) is one word of four letters and two vowel signs.
    expect(wordsOf('शिक्षा के बारे में')).toEqual(['शिक्षा', 'के', 'बारे', 'में']);
    expect(rougeLF1('शिक्षा के बारे में', 'शिक्षा')).toBeCloseTo((2 * 0.25 * 1) / 1.25, 10);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findLineEndHyphens } from './line-end-hyphens.ts';

/** The regular expressions findLineEndHyphens stands in for (see its comment). */
const SIMPLE = /([\p{L}\p{M}]+)-[ \t]*\r?\n[ \t]*([\p{L}\p{M}]+)/gu;
const COMPOUND = /([\p{L}\p{M}]+(?:-[\p{L}\p{M}]+)*)-[ \t]*\r?\n[ \t]*([\p{L}\p{M}]+)/gu;

function byRegex(text: string, compound: boolean) {
  return [...text.matchAll(compound ? COMPOUND : SIMPLE)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    left: match[1],
    right: match[2],
  }));
}

/** Letters (ASCII, accented, Devanagari with its marks, one outside the BMP), hyphens, breaks. */
const PIECES = [
  'a',
  'Z',
  'é',
  'क',
  '\u094d',
  '\u0301',
  '𝐀',
  '😀',
  '-',
  '-',
  '\n',
  '\r\n',
  ' ',
  '\t',
  '1',
  '.',
  '–',
];
const textOf = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((a) => a.join(''));

describe('findLineEndHyphens', () => {
  it('finds what the regular expression finds, in both modes', () => {
    fc.assert(
      fc.property(textOf, fc.boolean(), (text, compound) => {
        expect(findLineEndHyphens(text, compound)).toEqual(byRegex(text, compound));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads a compound left half back through inner hyphens only in compound mode', () => {
    const text = 'a well-known-\n  thing';
    expect(findLineEndHyphens(text, true)).toEqual([
      { start: 2, end: 21, left: 'well-known', right: 'thing' },
    ]);
    expect(findLineEndHyphens(text, false)).toEqual([
      { start: 7, end: 21, left: 'known', right: 'thing' },
    ]);
  });
});

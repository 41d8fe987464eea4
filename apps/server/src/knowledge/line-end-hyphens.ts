/**
 * Finds words hyphenated across a line break ("consti-\ntution"), exactly as a global search for
 *   left:  [\p{L}\p{M}]+            or, with `compound`, [\p{L}\p{M}]+(?:-[\p{L}\p{M}]+)*
 *   then:  -[ \t]*\r?\n[ \t]*
 *   right: [\p{L}\p{M}]+
 * would (leftmost matches, none overlapping). That expression tries a match at every letter of
 * the text and fails at almost all of them, which made it the costliest part of normalising a
 * book; here the search is for the hyphen and the line break, and the left half is read back
 * from the hyphen. As a match never continues through a hyphen followed by a line break, the
 * left half reaches back to the end of the previous match at the furthest.
 */

export type LineEndHyphen = {
  /** Offsets of the whole match, from the left half's first character to past the right half. */
  start: number;
  end: number;
  left: string;
  right: string;
};

const BREAK = /-[ \t]*\r?\n[ \t]*([\p{L}\p{M}]+)/gu;
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;

const isAsciiLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Code units of the letter or mark ending at `end` (2 for a surrogate pair), or 0. */
function letterOrMarkBefore(text: string, end: number, floor: number): number {
  if (end <= floor) return 0;
  const code = text.charCodeAt(end - 1);
  if (code < 0x80) return isAsciiLetter(code) ? 1 : 0;
  const width =
    isLowSurrogate(code) && end - 2 >= floor && isHighSurrogate(text.charCodeAt(end - 2)) ? 2 : 1;
  return LETTER_OR_MARK.test(text.slice(end - width, end)) ? width : 0;
}

/** Where the left half ending at `hyphen` starts, or -1 when there is none. */
function leftStart(text: string, hyphen: number, floor: number, compound: boolean): number {
  let start = hyphen;
  for (;;) {
    let width = letterOrMarkBefore(text, start, floor);
    if (width === 0) return start === hyphen ? -1 : start;
    while (width > 0) {
      start -= width;
      width = letterOrMarkBefore(text, start, floor);
    }
    // An inner hyphen belongs to the left half only with letters on both sides of it.
    if (!compound || start - 1 <= floor || text.charCodeAt(start - 1) !== 0x2d) return start;
    if (letterOrMarkBefore(text, start - 1, floor) === 0) return start;
    start--;
  }
}

export function findLineEndHyphens(text: string, compound: boolean): LineEndHyphen[] {
  const found: LineEndHyphen[] = [];
  if (!text.includes('\n')) return found;
  const pattern = new RegExp(BREAK);
  let floor = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = leftStart(text, match.index, floor, compound);
    if (start < 0) {
      // No left half: a hyphen further on may still start a match.
      pattern.lastIndex = match.index + 1;
      continue;
    }
    const end = match.index + match[0].length;
    found.push({ start, end, left: text.slice(start, match.index), right: match[1] ?? '' });
    floor = end;
  }
  return found;
}

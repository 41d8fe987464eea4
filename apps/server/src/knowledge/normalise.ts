/**
 * Text normalisation shared by every loader: NFC, ligatures, soft hyphens, words hyphenated
 * across a line break, whitespace. Curly quotes and dashes are left alone: they are text.
 */
import { findLineEndHyphens } from './line-end-hyphens.ts';

const LIGATURES: Record<string, string> = {
  '\uFB00': 'ff',
  '\uFB01': 'fi',
  '\uFB02': 'fl',
  '\uFB03': 'ffi',
  '\uFB04': 'ffl',
  '\uFB05': 'st',
  '\uFB06': 'st',
};

/**
 * Words that begin real compounds when a line ends after them ("self-\ngovernment"). Kept short
 * on purpose: a prefix that is also a common syllable ("pro-\nceed", "anti-\ncipate") would
 * keep typesetting hyphens that must go.
 */
const COMPOUND_PREFIXES = new Set(['self', 'non', 'quasi', 'well', 'ill', 'half']);

/**
 * Content words frequent enough in these texts that "word-\nword" is more likely a compound
 * than a split word. Function words are left out: "be-\ncause" must become "because".
 */
const COMMON_WORDS = new Set(
  (
    'age all book born caste class day free full good government great hand head high home house ' +
    'interest land law life like long made man men minded mind new old one party power public ' +
    'respect rule side social state states time trade two three four five first second third ' +
    'war water way well women word work world year years death minded holding owner owners ' +
    'speaking known called sided seeking worship making'
  ).split(' '),
);

/**
 * What the whole document says about hyphenated words: forms seen hyphenated inside a line
 * ("co-operation") and words seen whole ("cooperation"). Typesetting hyphens only occur at
 * line ends, so in-line usage is the best evidence for how the author spelt a word.
 */
export type HyphenEvidence = { hyphenated: Set<string>; whole: Set<string> };

const EVIDENCE_WORD = /\p{L}+(?:-\p{L}+)*/gu;

export function collectHyphenEvidence(text: string): HyphenEvidence {
  const hyphenated = new Set<string>();
  const whole = new Set<string>();
  // The halves of a word split at a line end are not evidence of anything.
  const pieces: string[] = [];
  let last = 0;
  for (const split of findLineEndHyphens(text, false)) {
    pieces.push(text.slice(last, split.start));
    last = split.end;
  }
  const unsplit = last === 0 ? text : [...pieces, text.slice(last)].join(' ');
  for (const match of unsplit.match(EVIDENCE_WORD) ?? []) {
    const word = match.toLowerCase();
    if (word.includes('-')) hyphenated.add(word);
    else whole.add(word);
  }
  return { hyphenated, whole };
}

/**
 * Decides whether the hyphen in "left-\nright" is part of the word. In order:
 *  1. the document's own usage: "co-operation" seen inside a line keeps it, "cooperation" seen
 *     whole drops it;
 *  2. a capital after the hyphen ("Anglo-\nIndian", "Jat-Pat-\nTodak") keeps it;
 *  3. a compound prefix ("self-\ngovernment") keeps it;
 *  4. two halves that are both words, in the document or in a short list of common words,
 *     keep it ("title-\ndeeds", "Constitution-\nmaking"); a split word rarely halves into two
 *     words, while "consti-\ntution" or "pre-\npared" do not.
 * Anything else was a typesetting hyphen and is dropped.
 */
export function keepLineEndHyphen(left: string, right: string, evidence?: HyphenEvidence): boolean {
  const lastLeft = (left.split('-').pop() ?? left).toLowerCase();
  const lowerRight = right.toLowerCase();
  if (evidence?.hyphenated.has(`${lastLeft}-${lowerRight}`)) return true;
  if (evidence?.whole.has(`${lastLeft}${lowerRight}`)) return false;
  if (/^\p{Lu}/u.test(right)) return true;
  if (COMPOUND_PREFIXES.has(lastLeft)) return true;
  const isWord = (word: string) =>
    COMMON_WORDS.has(word) || (word.length > 2 && evidence?.whole.has(word) === true);
  return isWord(lastLeft) && isWord(lowerRight);
}

const SPECIAL_CHARACTERS = /[\uFB00-\uFB06\u00AD\uFEFF\u200B\u2060]/;

/** Expands ligatures, removes soft hyphens and invisible junk; keeps line breaks. */
export function cleanCharacters(text: string): string {
  const composed = text.normalize('NFC');
  // Most text has none of these: one scan instead of three replacements.
  if (!SPECIAL_CHARACTERS.test(composed)) return composed;
  return (
    composed
      .replace(/[\uFB00-\uFB06]/g, (ligature) => LIGATURES[ligature] ?? ligature)
      // A soft hyphen at a line end marks a split word: join it.
      .replace(/\u00AD[ \t]*\r?\n[ \t]*/g, '')
      .replace(/[\u00AD\uFEFF\u200B\u2060]/g, '')
  );
}

/**
 * Normalises one block of text into a single line. Line breaks inside it are treated as soft:
 * a word split by a hyphen at a line end is re-joined unless it looks like a real compound.
 */
export function normaliseText(text: string, evidence?: HyphenEvidence): string {
  const cleaned = cleanCharacters(text);
  let joined = '';
  let last = 0;
  for (const { start, end, left, right } of findLineEndHyphens(cleaned, true)) {
    const word = keepLineEndHyphen(left, right, evidence) ? `${left}-${right}` : `${left}${right}`;
    joined += cleaned.slice(last, start) + word;
    last = end;
  }
  if (last > 0) joined += cleaned.slice(last);
  return (last > 0 ? joined : cleaned).replace(/\s+/gu, ' ').trim();
}

/** True when the text holds something worth indexing (a letter or a digit). */
export function hasContent(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

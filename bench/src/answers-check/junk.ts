/**
 * Quoted junk (issue 18): a quote should be a sentence the author wrote, not a heading, a title
 * line, a page's running header, a numbered section label or a question (a question quoted back
 * answers nothing). Each test is a surface rule a reviewer can check by eye; a quote may fail
 * several, and the first that fails names it.
 */
import { evidenceWords } from '../qa/question-set.ts';

export type JunkReason =
  | 'question'
  | 'under 6 words'
  | 'all caps'
  | 'title case'
  | 'section number'
  | 'running header';

export const MIN_QUOTE_WORDS = 6;

/**
 * Lower-case words a title keeps lower-case ("The Annihilation of Caste"): a quote whose only
 * lower-case words are these has no verb or content word in lower case, so it reads as a title.
 */
const TITLE_WORDS = new Set(
  'a an and as at but by for from in into of on or nor the to with vs via its his her their upon'.split(
    ' ',
  ),
);

/**
 * "2 Why…", "IV. The…", "3.1 Caste…": a section label, not a sentence. A list item in brackets,
 * "(2) It should be better if…", is the author's sentence and passes.
 */
const SECTION_NUMBER =
  /^\s*(?:\d{1,3}(?:\.\d{1,3})*[.:]?\s+(?!(?:January|February|March|April|May|June|July|August|September|October|November|December)\b)[\p{Lu}\p{Lo}"“‘']|[IVXLC]{1,6}[.)]\s+(?:\p{Lu}\p{Ll}|\p{Lo}|["“‘']))/u;

/** Four capitalised words in a row (a page header inside a sentence: "WRITINGS AND SPEECHES"). */
const CAPITAL_RUN = /(?:\b\p{Lu}{2,}[\p{Lu}.,:'’-]*\s+){3,}\p{Lu}{2,}/u;

export function junkReason(quote: string): JunkReason | null {
  const text = quote.trim();
  const words = evidenceWords(text);
  if (/\?["'”’)\]]*$/.test(text)) return 'question';
  if (words.length < MIN_QUOTE_WORDS) return 'under 6 words';
  if (SECTION_NUMBER.test(text)) return 'section number';
  // Case tests apply to scripts with case only (Tamil and Devanagari have none).
  const cased = text.match(/[\p{Lu}\p{Ll}]+/gu) ?? [];
  if (cased.length >= words.length / 2) {
    const letters = cased.join('');
    const upper = (letters.match(/\p{Lu}/gu) ?? []).length;
    if (upper / letters.length > 0.8) return 'all caps';
    const lowerContent = cased.filter((w) => /^\p{Ll}/u.test(w) && !TITLE_WORDS.has(w));
    if (lowerContent.length === 0) return 'title case';
    if (CAPITAL_RUN.test(text)) return 'running header';
  }
  return null;
}

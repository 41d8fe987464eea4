/**
 * Whether a question asks only about years after the writings end (persona `writingsEnd`, ADR
 * 038): "Why did Indira Gandhi declare an Emergency in June 1975?" or "the 103rd Amendment in
 * 2019" share words and meaning with passages on emergencies and amendments, so retrieval finds
 * them and the answer would quote what cannot answer. Nothing written by 1956 covers 1975.
 */
import { asciiDigits } from '../retrieval/tokenizer.ts';

/**
 * A year as questions write one: four digits from 1000 to 2099, not part of a longer number
 * ("7,635", "12000") and not a count of years ("2000 years", "2000 साल").
 */
const YEAR =
  /(?<![\d.,])(1\d{3}|20\d{2})(?!\d|[.,]\d)(?!\s*(?:years?|yrs?|साल|वर्ष|वर्षे|वर्षां|ஆண்டுகள்)(?![\p{L}\p{M}]))/giu;

export function yearsIn(question: string): number[] {
  return [...asciiDigits(question).matchAll(YEAR)].map((match) => Number(match[1]));
}

/** True when the question names a year and every year it names is after `writingsEnd`. */
export function asksOnlyAfter(question: string, writingsEnd: number | undefined): boolean {
  if (writingsEnd === undefined) return false;
  const years = yearsIn(question);
  return years.length > 0 && years.every((year) => year > writingsEnd);
}

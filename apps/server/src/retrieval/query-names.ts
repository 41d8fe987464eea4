/**
 * The reformer's own names in a question ("What did Dr. Ambedkar say about…") match nearly every
 * passage and every other speaker who names him, and they pull the search towards passages
 * about him rather than passages that answer the question. Searches leave them out (measured in
 * ADR 022), unless too little else would be left to search for.
 */
import { tokenizeQuery } from './tokenizer.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function nameMatcher(names: readonly string[]): RegExp | null {
  const words = [...new Set(names.map((name) => name.trim()).filter((name) => name.length > 1))]
    // Longest first, so "B. R. Ambedkar" goes before "Ambedkar" would leave "B. R." behind.
    .sort((a, b) => b.length - a.length)
    .map((name) => escapeRegExp(name).replace(/\s+/g, '\\s*'));
  if (words.length === 0) return null;
  return new RegExp(
    `(?<![\\p{L}\\p{M}])(?:Dr\\.?\\s*)?(?:${words.join('|')})(?:['’]s)?(?![\\p{L}\\p{M}])`,
    'giu',
  );
}

/**
 * Below this many search terms left, the question is about the reformer himself ("What year was
 * Ambedkar born?"), and his name is what it asks about: it stays.
 */
export const MIN_TERMS_LEFT = 3;

export function withoutNames(query: string, matcher: RegExp | null): string {
  if (!matcher) return query;
  const stripped = query.replace(matcher, ' ').replace(/\s+/g, ' ').trim();
  return tokenizeQuery(stripped).length >= MIN_TERMS_LEFT ? stripped : query;
}

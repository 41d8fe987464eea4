/**
 * Text the server stores must be well-formed Unicode without NUL: PostgreSQL refuses NUL in
 * text, and half of a surrogate pair would come back as U+FFFD instead of what was sent.
 */
export const STORABLE_TEXT_MESSAGE =
  'The text contains a character that cannot be stored (a NUL byte or half of a surrogate pair)';

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !/\p{Cs}/u.test(value);
}

/**
 * Text the server stores must be well-formed Unicode without NUL: PostgreSQL refuses NUL in
 * text, and half of a surrogate pair would come back as U+FFFD instead of what was sent.
 */
export const STORABLE_TEXT_MESSAGE =
  'The text contains a character that cannot be stored (a NUL byte or half of a surrogate pair)';

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !/\p{Cs}/u.test(value);
}

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) and the
 * implicit marks (U+200E, U+200F, U+061C). In a name they reverse what follows ("invoice‮fdp.exe"
 * reads as "invoiceexe.pdf"), so names that others see refuse them.
 */
const BIDI_CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/u;

export const BIDI_CONTROL_MESSAGE =
  'The name contains a text-direction control character (such as U+202E), which is not allowed';

export function hasBidiControls(value: string): boolean {
  return BIDI_CONTROLS.test(value);
}

/**
 * Shared by the web app (which sends it with each question) and the server (which decides when
 * none is sent).
 *
 * The reply language of a chat question, from the script of its letters (spec
 * chat-accounts-sharing-limits §5): Devanagari → hi, Tamil → ta, Bengali → bn, Telugu → te,
 * Kannada → kn, Malayalam → ml, Gujarati → gu, Gurmukhi → pa, Arabic script → ur, anything
 * else → en. A non-empty language supplied by the caller wins.
 *
 * The spec's source also has a Marathi check, but it tests the same Devanagari range as Hindi
 * after the Hindi test, so it is never reached; Marathi text therefore comes out as 'hi' here too.
 *
 * Decision rule: the script with the most letters wins, Latin letters counting for 'en'; a tie
 * goes to the script met first. So "Explain जाति" is 'en' (8 Latin letters against 4 Devanagari
 * code points) and an Indian-script question quoting a short English term keeps its own script.
 */

const SCRIPTS: ReadonlyArray<{ language: string; pattern: RegExp }> = [
  { language: 'hi', pattern: /\p{Script=Devanagari}/u },
  { language: 'ta', pattern: /\p{Script=Tamil}/u },
  { language: 'bn', pattern: /\p{Script=Bengali}/u },
  { language: 'te', pattern: /\p{Script=Telugu}/u },
  { language: 'kn', pattern: /\p{Script=Kannada}/u },
  { language: 'ml', pattern: /\p{Script=Malayalam}/u },
  { language: 'gu', pattern: /\p{Script=Gujarati}/u },
  { language: 'pa', pattern: /\p{Script=Gurmukhi}/u },
  { language: 'ur', pattern: /\p{Script=Arabic}/u },
  { language: 'en', pattern: /\p{Script=Latin}/u },
];

/** Letters and combining marks (Indic vowel signs are marks); digits and punctuation are not counted. */
const LETTER = /[\p{L}\p{M}]/u;

export const DEFAULT_LANGUAGE = 'en';

export function detectLanguage(text: string, supplied?: string | null): string {
  const given = supplied?.trim();
  if (given) return given;
  const counts = new Map<string, number>();
  for (const char of text) {
    if (!LETTER.test(char)) continue;
    const script = SCRIPTS.find(({ pattern }) => pattern.test(char));
    if (script) counts.set(script.language, (counts.get(script.language) ?? 0) + 1);
  }
  let best = DEFAULT_LANGUAGE;
  let bestCount = 0;
  // Map iteration follows first appearance, so a tie keeps the script met first.
  for (const [language, count] of counts) {
    if (count > bestCount) {
      best = language;
      bestCount = count;
    }
  }
  return best;
}

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

/**
 * Hindi and Marathi share Devanagari, so the script alone gives 'hi' for both (above). Their
 * commonest words differ: Marathi asks with काय, कोणत्या, किती, कधी and says आहे, आणि, नाही,
 * मध्ये; Hindi asks with क्या, कौन, कितने, कब and says है, और, नहीं, में, के, की. Words that both
 * languages use (का: 'why' in Marathi, 'of' in Hindi; होता, होते) are in neither list.
 */
const MARATHI_WORDS = new Set([
  // Verbs 'to be' and the commonest connectives.
  'आहे',
  'आहेत',
  'आणि',
  'नाही',
  'नाहीत',
  'म्हणून',
  'म्हणजे',
  'पण',
  'हे',
  'तर',
  'तसेच',
  'असे',
  'असते',
  'असतो',
  'असतात',
  'झाले',
  'झाला',
  'झाली',
  'हवे',
  'नये',
  'नयेत',
  // Question words.
  'काय',
  'कोणत्या',
  'कोणता',
  'कोणती',
  'कोणते',
  'कोणी',
  'कसे',
  'कशी',
  'कसा',
  'कधी',
  'किती',
  'कुठे',
  'कुठल्या',
  // Pronouns and postpositions written as words.
  'आम्ही',
  'आपल्या',
  'त्यांनी',
  'त्यांच्या',
  'त्याचा',
  'त्याची',
  'त्याचे',
  'यांच्या',
  'यांनी',
  'मध्ये',
  'मधील',
  'बद्दल',
  'याबद्दल',
  'साठी',
  'ऐवजी',
  'बाबत',
  'बाबतीत',
  'येथे',
  'तेव्हा',
  'जेव्हा',
  // Past and modal verb forms Hindi does not have.
  'केले',
  'केली',
  'दिले',
  'दिला',
  'दिली',
  'सांगितले',
  'म्हणाले',
  'म्हणतात',
  'म्हणतो',
  'गेले',
  'गेला',
  'गेली',
  'आला',
  'आली',
  'द्यावी',
  'करावे',
  'देण्यात',
]);
const HINDI_WORDS = new Set([
  'है',
  'हैं',
  'था',
  'थे',
  'थी',
  'और',
  'नहीं',
  'में',
  'को',
  'ने',
  'से',
  'यह',
  'वह',
  'लिए',
  'भी',
  'क्या',
  'कौन',
  'कौन-सा',
  'कौन-सी',
  'कौन-से',
  'कैसे',
  'कब',
  'कितने',
  'कितनी',
  'कितना',
  'किस',
  'किसने',
  'किसकी',
  'किसके',
  'किसका',
  'की',
  'के',
  'पर',
  'कहा',
  'गया',
  'गई',
  'गए',
  'दिया',
  'किया',
  'बताया',
  'ही',
  'हुआ',
  'हुई',
  'हुए',
  'जब',
  'कहाँ',
  'क्यों',
  'अपने',
  'अपनी',
  'उनके',
  'उनकी',
  'उनका',
  'इस',
  'उस',
  'साथ',
  'बाद',
  'सकता',
  'सकती',
  'सकते',
  'रहा',
  'रही',
  'रहे',
  'वाले',
  'वाली',
]);
/** Case endings Marathi joins to the word (आंबेडकरांनी, भाषेबाबत): Hindi writes them apart. */
const MARATHI_ENDINGS = [
  'ांनी',
  'ाच्या',
  'ांच्या',
  'ांना',
  'ांचे',
  'ांची',
  'ांचा',
  'मध्ये',
  'बद्दल',
  'साठी',
  'बाबत',
];

/** How many of a Devanagari text's words are Marathi's own, and how many Hindi's. */
export function devanagariWordCounts(text: string): { marathi: number; hindi: number } {
  let marathi = 0;
  let hindi = 0;
  for (const word of text.split(/[\s\p{P}]+/u)) {
    if (MARATHI_WORDS.has(word)) marathi++;
    else if (HINDI_WORDS.has(word)) hindi++;
    else if (word.length > 4 && MARATHI_ENDINGS.some((ending) => word.endsWith(ending))) marathi++;
  }
  return { marathi, hindi };
}

/**
 * The language to reply in: `detectLanguage`, except that a Devanagari question (or one a caller
 * sent as 'hi', which is all a script check can say) is Marathi when its Marathi words outnumber
 * its Hindi ones. A question with no telling word stays Hindi.
 */
export function detectReplyLanguage(text: string, supplied?: string | null): string {
  const language = detectLanguage(text, supplied);
  if (language !== 'hi' || detectLanguage(text) !== 'hi') return language;
  const { marathi, hindi } = devanagariWordCounts(text);
  return marathi >= 1 && marathi > hindi ? 'mr' : 'hi';
}

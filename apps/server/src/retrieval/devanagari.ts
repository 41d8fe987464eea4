/**
 * Analysis of Devanagari words (Hindi and Marathi) for the BM25 index: spelling normalisation,
 * stop words and a light suffix stemmer, in the way Lucene's HindiAnalyzer works but lighter.
 *
 * Normalisation (both languages) makes spellings that readers treat as one word equal:
 * - nukta dropped: "ज़मीन" = "जमीन", "फ़ैसला" = "फैसला"; precomposed क़ … य़, ऩ ऱ ऴ decompose first;
 * - chandrabindu → anusvara: "हाँ" = "हां";
 * - a half nasal before a consonant of its own class → anusvara: "हिन्दी" = "हिंदी",
 *   "सम्बन्ध" = "संबंध", "गङ्गा" = "गंगा" (and म् before व: "सम्वत्" = "संवत्"). Non-homorganic
 *   clusters ("अन्य", "जन्म", "उन्होंने") are never written with an anusvara, so they stay;
 * - ZWJ/ZWNJ (which only choose a glyph) and the avagraha (elision or a drawn-out vowel,
 *   "अरेऽ") are dropped;
 * - text converted from legacy fonts spells some vowels in pieces, which Unicode asks writers
 *   not to use (The Unicode Standard, table 12-1): "आे" is "ओ" ("हिंदुआें"), "अा" is "आ"; and a
 *   vowel sign typed twice ("उन्हेें") counts once;
 * - "ये"/"यी" after a vowel sign at the end of a word are the older spelling of "ए"/"ई":
 *   "किये" = "किए", "बनाये" = "बनाए", "चाहिये" = "चाहिए", "स्थायी" = "स्थाई". ("यें" is left
 *   alone: "गायें" is the plural of "गाय".)
 * Long and short vowels are NOT conflated (Lucene does): "दिन"/"दीन" and "कुल"/"कूल" are
 * different words, and over-normalising hurts precision as much as over-stemming.
 *
 * Stemming follows Ramanathan & Rao (2003), "A Lightweight Stemmer for Hindi": strip the longest
 * matching inflectional suffix (number, gender, case, tense endings), once. The stem must keep at
 * least 2 aksharas (syllables), so "नेता" becomes "नेत" and not "ने", "सेना" "सेन" and not "से";
 * Lucene counts code units and is more aggressive. The paper's conjunctive "-कर"/"-ाकर" ("लौटकर") is
 * left out: names and nouns end in it far more often ("अंबेडकर", "नौकर", "भास्कर"), and only
 * verbs, which questions rarely hinge on, would gain.
 *
 * Marathi attaches its case markers to the word ("समाजाचा", "जातींच्या", "लोकांना"), which
 * Hindi writes apart ("समाज का"). Those markers are stripped only for texts judged Marathi (see
 * `marathiVote`), because on Hindi words they break paradigms: "त" would make "अछूत" "अछू" while
 * "अछूतों" stays "अछूत".
 */

const NUKTA = /\u093c/g;
/** ZWNJ, ZWJ and the avagraha. */
const INVISIBLE = /\u200c|\u200d|\u093d/g;
const CHANDRABINDU = /\u0901/g;
const VIRAMA = '\u094d';
const ANUSVARA = '\u0902';
const DEVANAGARI_LETTER = /[\u0900-\u097f]/;
/** An independent vowel followed by a vowel sign, written where one letter is meant. */
const SPLIT_VOWEL = /अा|अो|अौ|आे|आै|एे|अॉ/g;
const WHOLE_VOWEL: Readonly<Record<string, string>> = {
  अा: 'आ',
  अो: 'ओ',
  अौ: 'औ',
  आे: 'ओ',
  आै: 'औ',
  एे: 'ऐ',
  अॉ: 'ऑ',
};
const REPEATED_SIGN = /([\u0900-\u0903\u093a-\u094f])\1+/g;
const Y_GLIDE = /(?<=[\u093e-\u094c])य([\u0940\u0947])$/;

/** Each nasal consonant and the consonants of its class (velar, palatal, retroflex, dental, labial). */
const HOMORGANIC: ReadonlyMap<string, string> = new Map([
  ['ङ', 'कखगघ'],
  ['ञ', 'चछजझ'],
  ['ण', 'टठडढ'],
  ['न', 'तथदध'],
  ['म', 'पफबभव'],
]);
const HALF_NASAL = /([ङञणनम])\u094d(?=([\u0915-\u0939]))/g;

export function isDevanagari(word: string): boolean {
  return DEVANAGARI_LETTER.test(word);
}

/** The spelling-normalised form of a (NFKC, lower-cased) Devanagari word. */
export function normalizeDevanagari(word: string): string {
  return word
    .normalize('NFD')
    .replace(NUKTA, '')
    .replace(INVISIBLE, '')
    .replace(CHANDRABINDU, ANUSVARA)
    .replace(SPLIT_VOWEL, (pair) => WHOLE_VOWEL[pair] ?? pair)
    .replace(REPEATED_SIGN, '$1')
    .replace(Y_GLIDE, (_glide, sign: string) => (sign === '\u0940' ? 'ई' : 'ए'))
    .replace(HALF_NASAL, (cluster, nasal: string, next: string) =>
      HOMORGANIC.get(nasal)?.includes(next) ? ANUSVARA : cluster,
    );
}

function isConsonant(code: number): boolean {
  return (
    (code >= 0x915 && code <= 0x939) ||
    (code >= 0x958 && code <= 0x95f) ||
    (code >= 0x978 && code <= 0x97f)
  );
}

function isIndependentVowel(code: number): boolean {
  return (
    (code >= 0x904 && code <= 0x914) ||
    code === 0x960 ||
    code === 0x961 ||
    (code >= 0x972 && code <= 0x977)
  );
}

/** Syllables: independent vowels plus consonants not joined to the one before by a virama. */
export function aksharaCount(word: string): number {
  let count = 0;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (isIndependentVowel(code) || (isConsonant(code) && word[i - 1] !== VIRAMA)) count++;
  }
  return count;
}

const MIN_STEM_AKSHARAS = 2;

/** Ramanathan & Rao's suffixes (chandrabindu forms are covered by normalisation), longest first. */
const HINDI_SUFFIXES: readonly string[] = [
  // 5: verb futures, plural diminutives
  'ाएंगी ाएंगे ाऊंगी ाऊंगा ाइयां ाइयों',
  // 4: futures, plural -ियां/-ियों ("जातियों"), plural abstract nouns ("भावनाओं")
  'ाएगी ाएगा ाओगी ाओगे एंगी ेंगी एंगे ेंगे ूंगी ूंगा ातीं नाओं नाएं ताओं ताएं ियां ियों',
  // 3: participles, infinitives, oblique plurals ("राजाओं", "हिंदुओं")
  'ाइए ाईं ाया ेगी ेगा ोगी ोगे ाने ाना ाते ाती ाता तीं ाओं ाएं ुओं ुएं ुआं',
  // 2: participles and infinitives, plurals ("किताबें", "किताबों")
  'ाओ िए ाई ाए ने नी ना ते ीं ती ता ां ों ें',
  // 1: gender, number and oblique vowels ("लड़का"/"लड़के"/"लड़की", "जाति")
  'ो े ू ु ी ि ा',
]
  .join(' ')
  .split(' ');

/**
 * Marathi case markers and postpositions written onto the word. The dative, instrumental and
 * sociative follow the oblique vowel ("समाजाला", "लोकांना", "समाजाने") and are stripped only
 * after a long vowel sign or anusvara, or they would cut ordinary endings ("महिला"); the
 * locative "त" goes with its oblique vowel ("समाजात", "जातीत", "भाषेत"), so "भारत" and "अछूत"
 * keep theirs. The genitive and "वर" (on) also follow a bare consonant ("प्रकारचे",
 * "स्टेशनवर"), and the longer ones are distinctive enough to strip after anything but a virama
 * ("महाडच्या", "टिकवण्यासाठी").
 */
const MARATHI_MARKERS: readonly string[] = (
  'च्या मध्ये साठी बद्दल पासून कडून कडे वरून वरील ऐवजी विषयी मुळे पेक्षा नुसार पर्यंत ' +
  'शिवाय सारखा सारखी सारखे तील तून चा ची चे वर ात ीत ेत ांत'
).split(' ');
const MARATHI_AFTER_VOWEL_SUFFIXES: readonly string[] = 'ला ना ने नी शी'.split(' ');
/** Marathi oblique stems end in a long vowel (it writes "जाती", not "जाति") or anusvara. */
const ENDS_IN_OBLIQUE_VOWEL = /[ाीूेैोौं]$/;

function stripLongest(
  word: string,
  suffixes: readonly string[],
  accept: (stem: string) => boolean,
): string {
  let best = '';
  for (const suffix of suffixes) {
    if (
      suffix.length > best.length &&
      word.endsWith(suffix) &&
      accept(word.slice(0, -suffix.length))
    )
      best = suffix;
  }
  return best === '' ? word : word.slice(0, -best.length);
}

const longEnough = (stem: string) => aksharaCount(stem) >= MIN_STEM_AKSHARAS;

/** The Hindi light stem of a normalised word. */
export function stemHindi(word: string): string {
  return stripLongest(word, HINDI_SUFFIXES, longEnough);
}

/** The Marathi stem: a case marker off ("समाजाचा" → "समाजा"), then the Hindi rule ("समाज"). */
export function stemMarathi(word: string): string {
  const marker = (rest: string) => !rest.endsWith(VIRAMA) && longEnough(rest);
  const afterVowel = (rest: string) => ENDS_IN_OBLIQUE_VOWEL.test(rest) && longEnough(rest);
  const withoutMarker = stripLongest(word, MARATHI_MARKERS, marker);
  if (withoutMarker !== word) return stemHindi(withoutMarker);
  return stemHindi(stripLongest(word, MARATHI_AFTER_VOWEL_SUFFIXES, afterVowel));
}

const normalizedSet = (words: string) =>
  new Set(words.split(/\s+/).filter(Boolean).map(normalizeDevanagari));

/**
 * Function words of Hindi: postpositions, pronouns, auxiliaries and copulas, conjunctions and
 * particles, question words, and the title "डॉ."/"डा.", which the name filter (query-names.ts)
 * leaves behind when it takes "अंबेडकर" out of a question.
 * Kept short on purpose: a word with content ("मत" vote, "कारण" reason, "समय" time) is not here.
 */
const HINDI_STOP_WORDS = `
  का के की को में से ने पर तक लिए लिये द्वारा साथ बाद पहले बीच ओर प्रति तरह बारे
  मैं मुझे मेरा मेरी मेरे हम हमें हमारा हमारी हमारे तुम तुम्हें तुम्हारा तुम्हारी तुम्हारे आप आपका आपकी आपके
  यह ये वह वे इस इसे इसका इसकी इसके इन इन्हें इनका इनकी इनके इन्होंने उस उसे उसका उसकी उसके
  उन उन्हें उनका उनकी उनके उन्होंने जो जिस जिसे जिसका जिसकी जिसके जिन जिन्हें जिनका जिनकी जिनके
  जिन्होंने कोई किसी कुछ सब सभी अपना अपनी अपने स्वयं खुद इसमें उसमें जिसमें इनमें उनमें जिनमें
  यहां वहां जहां कहीं यहीं वहीं यही वही
  है हैं था थे थी थीं हूँ हो होता होती होते होना होने हुआ हुई हुए होगा होगी होंगे
  रहा रही रहे गया गई गए गयी गये जाता जाती जाते जाना जाने जाए जाएगा
  किया किए किये करना करने करता करती करते कर सकता सकती सकते चाहिए
  और तथा एवं व या अथवा कि तो भी ही न नहीं ना जब तब यदि अगर लेकिन परंतु किंतु बल्कि
  क्योंकि इसलिए अतः जैसे जैसा जैसी ऐसा ऐसे ऐसी वैसे एक हाँ जी
  क्या क्यों कैसे कैसा कैसी कब कहाँ कौन किसने किसका किसकी किसके किस कितना कितने कितनी
  डॉ डा`;

/** Function words of Marathi: copulas, conjunctions, pronouns with their case forms, question words. */
const MARATHI_STOP_WORDS = `
  आहे आहेत होता होती होते होतो होत्या असे असा अशी असतो असते असतात असून नाही नव्हते नव्हता
  आणि किंवा पण परंतु तर म्हणून म्हणजे
  मी मला माझा माझी माझे माझ्या आम्ही आम्हाला आमचा आमची आमचे आमच्या आपण आपला आपली आपले आपल्या
  तू तुला तुम्ही तुम्हाला तो ती ते त्या त्याला तिला त्यांना त्याचा त्याची त्याचे त्याच्या तिचा तिची
  तिचे तिच्या त्यांचा त्यांची त्यांचे त्यांच्या त्याने तिने त्यांनी हा हे ह्या याचा याची याचे
  याच्या यांचा यांची यांचे यांच्या यांनी यांना याला जे ज्या ज्याचा ज्यांनी
  काय कसे कसा कशी कधी कुठे किती कोणता कोणती कोणते कोणत्या
  केले केला केली केल्या करून करणे झाले झाला झाली झाल्या होऊन सर्व आता तेव्हा जेव्हा येथे तेथे`;

export const DEVANAGARI_STOP_WORDS: ReadonlySet<string> = normalizedSet(
  `${HINDI_STOP_WORDS} ${MARATHI_STOP_WORDS}`,
);

/**
 * Question words that say how to answer, not what to find ("… के अनुसार", "बताइए"): dropped
 * from queries that have other terms, like "explain" and "according" in English.
 */
export const DEVANAGARI_QUERY_FILLER: ReadonlySet<string> = normalizedSet(
  'अनुसार मुताबिक़ बताइए बताइये बताओ बताएं बताएँ समझाइए कृपया सांगा मते',
);

const MARATHI_WORDS = normalizedSet(
  'आहे आहेत आणि नाही म्हणून म्हणजे काय कसे असे असा अशी कोणत्या कोणता केले झाले त्यांनी त्यांच्या ' +
    'त्याचे यांनी यांच्या आम्ही मला म्हणतात म्हणाले',
);
/** Not "का": Marathi asks "why" with it. */
const HINDI_MARKERS = normalizedSet('है हैं था थे थी और के में नहीं यह वह को ने से भी हुआ गया किया');
/** Endings only Marathi has: the genitive ("च्या", "समाजाचा", "भाषेची"), "-ांनी"/"-ांना". */
const MARATHI_ENDING = /(?:च्या|ांनी|ांना|ांचा|ांची|ांचे|ाचा|ाची|ाचे|ेचा|ेची|ेचे|मध्ये|साठी)$/;

/**
 * +1 for a word only Marathi uses, −1 for one only Hindi uses, 0 otherwise. A text whose words
 * sum above zero is stemmed as Marathi; Hindi is the default, as it is the more common here.
 */
export function marathiVote(normalized: string): number {
  if (MARATHI_WORDS.has(normalized)) return 1;
  if (HINDI_MARKERS.has(normalized)) return -1;
  return MARATHI_ENDING.test(normalized) ? 1 : 0;
}

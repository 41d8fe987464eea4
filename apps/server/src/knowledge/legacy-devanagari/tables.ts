/**
 * Legacy Devanagari font encodings: which Latin-1 code a glyph was typed as, and the Unicode it
 * stands for. Written by the team from the Kruti Dev 010 keyboard layout (the DevLys 010 and
 * Kruti Dev 0xx fonts share it) and checked word by word against page images of BAWS Hindi
 * vol. 17, whose body text is set in Walkman-Chanakya 905 with a ToUnicode map that follows the
 * same layout apart from the few glyphs in CHANAKYA below.
 *
 * The table is visual, not phonetic, so the decoder (decode.ts) does more than look codes up:
 *   - a half consonant followed by the bar "k" is the full consonant ("[" ख् + "k" = ख);
 *   - "f" (ि) is typed before the consonant cluster it follows in Unicode;
 *   - "Z" (reph, र्) is typed after the syllable it precedes in Unicode.
 * PRE_BASE_I and REPH mark those two until the decoder moves them.
 */

export const PRE_BASE_I = '\uE000';
export const REPH = '\uE001';

export type LegacyFamily = 'kruti-dev' | 'chanakya';

/** Kruti Dev 010. Longer keys win over their prefixes (decode.ts matches longest first). */
export const KRUTI_DEV: Readonly<Record<string, string>> = {
  // Independent vowels.
  'v‚': 'ऑ',
  vkW: 'ऑ',
  vks: 'ओ',
  vkS: 'औ',
  vk: 'आ',
  v: 'अ',
  bZ: 'ई',
  b: 'इ',
  m: 'उ',
  Å: 'ऊ',
  ',s': 'ऐ',
  ',': 'ए',
  _: 'ऋ',
  // Consonants: a capital (or second) code is the half form; the bar "k" completes it.
  d: 'क',
  D: 'क्',
  '[': 'ख्',
  x: 'ग',
  X: 'ग्',
  '?': 'घ्',
  '³': 'ङ',
  p: 'च',
  P: 'च्',
  N: 'छ',
  t: 'ज',
  T: 'ज्',
  '>': 'झ',
  '÷': 'झ्',
  '¥': 'ञ',
  V: 'ट',
  B: 'ठ',
  M: 'ड',
  '<': 'ढ',
  '.': 'ण्',
  r: 'त',
  R: 'त्',
  F: 'थ्',
  n: 'द',
  '/': 'ध्',
  è: 'ध्',
  u: 'न',
  U: 'न्',
  i: 'प',
  I: 'प्',
  Q: 'फ',
  '¶': 'फ्',
  c: 'ब',
  C: 'ब्',
  H: 'भ्',
  e: 'म',
  E: 'म्',
  ';': 'य',
  '¸': 'य्',
  j: 'र',
  y: 'ल',
  Y: 'ल्',
  G: 'ळ',
  o: 'व',
  O: 'व्',
  "'": 'श्',
  Ü: 'श्',
  // The front matter types ष् and श् on the curly quotes ("izfr’Bku", प्रतिष्ठान).
  '’': 'ष्',
  '”': 'श्',
  '"': 'ष्',
  l: 'स',
  L: 'स्',
  g: 'ह',
  // Conjuncts drawn as one glyph.
  '{': 'क्ष्',
  '=': 'त्र',
  K: 'ज्ञ',
  J: 'श्र',
  Ø: 'क्र',
  Ñ: 'कृ',
  Ù: 'त्त्',
  ä: 'क्त',
  '–': 'दृ',
  é: 'न्न',
  '™': 'न्न्',
  à: 'ह्न',
  á: 'ह्य',
  â: 'हृ',
  ã: 'ह्म',
  º: 'ह्',
  í: 'द्द',
  ')': 'द्ध',
  '|': 'द्य',
  '}': 'द्व',
  æ: 'द्र',
  ç: 'प्र',
  Á: 'प्र',
  '#': 'रु',
  ':': 'रू',
  Ý: 'फ्र',
  Vª: 'ट्र',
  Mª: 'ड्र',
  ª: '्र',
  z: '्र',
  // Vowel signs and other marks.
  ks: 'ो',
  kS: 'ौ',
  kW: 'ॉ',
  k: 'ा',
  h: 'ी',
  q: 'ु',
  w: 'ू',
  '`': 'ृ',
  s: 'े',
  S: 'ै',
  '‚': 'ॉ',
  W: 'ॅ',
  a: 'ं',
  '¡': 'ँ',
  '~': '्',
  '+': '़',
  f: PRE_BASE_I,
  Z: REPH,
  // Reph and anusvara in one glyph ("oxks±", वर्गों).
  '±': `${REPH}ं`,
  // Punctuation.
  AA: '॥',
  A: '।',
  '-': '.',
  '&': '-',
  // Visarga after a letter, a colon elsewhere (decode.ts tells them apart).
  '%': 'ः',
  ']': ',',
  '\\': '?',
  '^^': '“',
  '**': '”',
  '^': '‘',
  '*': '’',
  '¼': '(',
  '½': ')',
  '@': '/',
  Œ: '॰',
  // A footnote mark ("la?k·", संघ*).
  '·': '*',
  // Devanagari digits.
  å: '०',
  ƒ: '१',
  '„': '२',
  '…': '३',
  '†': '४',
  '‡': '५',
  ˆ: '६',
  '‰': '७',
  Š: '८',
  '‹': '९',
};

/**
 * Walkman-Chanakya 905 as its ToUnicode map extracts it: Kruti Dev but for these glyphs. "/" is
 * a full ध (अधिकांश is "vf/dka'k"), फ is "i" with the hook "Q" and फ् is "Ý" (गिरफ्तारी,
 * "fxjÝrkjh"), द्ध is "¼" (सिद्धांत, "fl¼kar"), ऋ is "½" or "Í" (ऋण, "½.k"), ङ is "Ä" (वाङ्मय,
 * "okÄ~e;"), and parentheses are themselves; the quotation marks and the semicolon sit on other
 * keys (“नेशन”, "¶us'ku¸"; 'पेरोड़ी', "©isjksM+h"; "gSa_", हैं;), read from the page images.
 */
export const CHANAKYA: Readonly<Record<string, string>> = {
  ...KRUTI_DEV,
  '/': 'ध',
  iQ: 'फ',
  izQ: 'फ्र',
  // The body writes त्र as "=k" (स्वतंत्रता, "Lora=krk"); Kruti Dev's "=" is the full त्र.
  '=': 'त्र्',
  '’': '’',
  '”': '”',
  Ý: 'फ्',
  '¼': 'द्ध',
  '½': 'ऋ',
  Í: 'ऋ',
  Ä: 'ङ',
  '(': '(',
  ')': ')',
  '¶': '“',
  '¸': '”',
  '©': "'",
  '´': '’',
  _: ';',
};

export const TABLES: Readonly<Record<LegacyFamily, Readonly<Record<string, string>>>> = {
  'kruti-dev': KRUTI_DEV,
  chanakya: CHANAKYA,
};

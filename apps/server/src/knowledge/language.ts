/**
 * Language guessed from the script of the text, plus the word and sentence units the chunker
 * counts in. Intl.Segmenter is used so Tamil and Devanagari words count as words.
 */

type ScriptRange = { language: string; ranges: Array<[number, number]> };

const SCRIPTS: ScriptRange[] = [
  {
    language: 'hi',
    ranges: [
      [0x0900, 0x097f],
      [0xa8e0, 0xa8ff],
    ],
  },
  { language: 'bn', ranges: [[0x0980, 0x09ff]] },
  { language: 'pa', ranges: [[0x0a00, 0x0a7f]] },
  { language: 'gu', ranges: [[0x0a80, 0x0aff]] },
  { language: 'ta', ranges: [[0x0b80, 0x0bff]] },
  { language: 'te', ranges: [[0x0c00, 0x0c7f]] },
  { language: 'kn', ranges: [[0x0c80, 0x0cff]] },
  { language: 'ml', ranges: [[0x0d00, 0x0d7f]] },
  {
    language: 'ur',
    ranges: [
      [0x0600, 0x06ff],
      [0x0750, 0x077f],
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ],
  },
];

/** Only a sample is needed to tell scripts apart; long books are read at even intervals. */
const SAMPLE_CHARS = 200_000;

export function detectLanguage(text: string): string {
  const counts = new Map<string, number>();
  let latin = 0;
  const step = Math.max(1, Math.floor(text.length / SAMPLE_CHARS));
  for (let i = 0; i < text.length; i += step) {
    const code = text.charCodeAt(i);
    if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) {
      latin++;
      continue;
    }
    if (code < 0x0600) continue;
    for (const script of SCRIPTS) {
      if (script.ranges.some(([from, to]) => code >= from && code <= to)) {
        counts.set(script.language, (counts.get(script.language) ?? 0) + 1);
        break;
      }
    }
  }
  let best = 'en';
  let bestCount = latin;
  for (const [language, count] of counts) {
    if (count > bestCount) {
      best = language;
      bestCount = count;
    }
  }
  return best;
}

const wordSegmenter = new Intl.Segmenter('und', { granularity: 'word' });
const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

export function countWords(text: string): number {
  let count = 0;
  for (const segment of wordSegmenter.segment(text)) if (segment.isWordLike) count++;
  return count;
}

/**
 * ICU breaks after every full stop, so "Dr. Ambedkar" or "p. 4" would become two sentences.
 * A break is undone after a known abbreviation or a lone initial, and before a lower-case
 * continuation ("“Is it?” he asked").
 */
const ABBREVIATIONS = new Set(
  (
    'dr mr mrs ms messrs sir st prof sjt shri smt sm no nos vol vols p pp ch chap art cl sec ' +
    'fig ed eds cf viz vs ibid op cit i.e e.g hon rev gen col capt lt jr sr co ltd bros ' +
    'jan feb mar apr jun jul aug sep sept oct nov dec rs ex डॉ डा पृ श्री'
  ).split(' '),
);

function endsWithAbbreviation(sentence: string): boolean {
  const match = /(?:^|[\s(“"'‘])([\p{L}\p{M}.]+)\.\s*$/u.exec(sentence);
  if (!match?.[1]) return false;
  const word = match[1];
  if (/^\p{Lu}$/u.test(word)) return true;
  // Chains of initials such as "B. R." or "M.L.A" are names and titles, not sentence ends.
  if (/^(?:\p{Lu}\.)+\p{Lu}$/u.test(word)) return true;
  return ABBREVIATIONS.has(word.toLowerCase());
}

/**
 * ICU ends sentences at the danda "।" and double danda "॥", but also inside a verse's number
 * ("… कहा ॥ १ ॥"), which belongs to the verse before it.
 */
const VERSE_NUMBER = /^\s*\p{Nd}+\s*[।॥]+\s*$/u;

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const { segment } of sentenceSegmenter.segment(text)) {
    const previous = sentences[sentences.length - 1];
    const continues =
      previous !== undefined &&
      (endsWithAbbreviation(previous) ||
        /^[\s"'”’)]*\p{Ll}/u.test(segment) ||
        VERSE_NUMBER.test(segment));
    if (continues) sentences[sentences.length - 1] = previous + segment;
    else sentences.push(segment);
  }
  return sentences.map((sentence) => sentence.trim()).filter((sentence) => sentence.length > 0);
}

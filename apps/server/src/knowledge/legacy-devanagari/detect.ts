/**
 * Which fonts of a PDF are legacy Devanagari fonts, and which encoding each one uses. pdf.js
 * names a font only by an id it makes up ("g_d0_f19"), not by its PostScript name, so a font is
 * judged by what was typed in it: Latin mojibake by the garble check's statistics, and decoding
 * to well-formed Hindi with one table better than with the other. English set in Times in the
 * same book keeps its own font id and is left alone; that is the "per text run" the mixed BAWS
 * Hindi volumes need, where a converter that maps every character mangles the English.
 */
import { countGarble, isGarbledLine, isGarbledText } from '../garbled.ts';
import { decodeLegacyDevanagari, isConsonant } from './decode.ts';
import type { LegacyFamily } from './tables.ts';

export type TextRun = { str: string; fontName?: string };
export type FontDecoders = ReadonlyMap<string, (text: string) => string>;

/** Enough of a font's text to judge it; a book's body font has hundreds of thousands of codes. */
const SAMPLE_CHARS = 60_000;
const FAMILIES: LegacyFamily[] = ['chanakya', 'kruti-dev'];

/**
 * The most frequent Hindi words, including some whose glyphs differ between the encodings
 * (ध, फ, द्ध, ङ): a correct decode finds many of them, a wrong table few.
 */
const COMMON_WORDS = new Set(
  (
    'के में की है और से को का ने हैं पर यह था थे थी भी नहीं एक कि लिए तो जो इस वह कर हो ही ' +
    'या गया किया उन उनके उनकी उनका अपने तक साथ होता होती करते करना सकते जा रहा रहे कोई ' +
    'धर्म अधिक अधिकार फिर सिद्धांत आधार बाद द्वारा उद्धार वाङ्मय हिंदू हिन्दू अछूत अछूतों ' +
    'गांधी कांग्रेस सरकार भारत लोगों समाज जाति प्रश्न'
  ).split(' '),
);

const DEVANAGARI_WORD = /^[\u0900-\u097f]+$/;
/**
 * What no Hindi word has: a sign or virama opening it, two vowel signs in a row, a virama not
 * after a consonant or not before one, a vowel sign on an independent vowel.
 */
const MALFORMED =
  /^[\u0900-\u0903\u093a-\u094f]|[\u093e-\u094c][\u093e-\u094c]|(?<![\u0915-\u0939\u0958-\u095f\u093c])\u094d|\u094d(?![\u0915-\u0939\u0958-\u095f])|[\u0904-\u0914][\u093e-\u094d]/;
/** Punctuation, symbols and digits around a word; letters left undecoded stay and count against it. */
const EDGES = /^[\p{P}\p{S}\p{N}]+|[\p{P}\p{S}\p{N}]+$/gu;

type Quality = { words: number; wellFormed: number; common: number };

function qualityOf(decoded: string): Quality {
  let words = 0;
  let wellFormed = 0;
  let common = 0;
  for (const raw of decoded.split(/\s+/)) {
    const word = raw.replace(EDGES, '');
    if (word === '') continue;
    words++;
    if (DEVANAGARI_WORD.test(word) && !MALFORMED.test(word) && [...word].some(isConsonant)) {
      wellFormed++;
    }
    if (COMMON_WORDS.has(word)) common++;
  }
  return { words, wellFormed, common };
}

type Verdict = { family: LegacyFamily; margin: number };

/**
 * Below this lead of one table over the other, a font's own text does not tell the encodings
 * apart (a footnote font with no ध, फ or द्ध in it): it takes the book's main legacy encoding.
 */
const CLEAR_MARGIN = 0.02;

function judge(sample: string): Verdict | null {
  const counts = countGarble(sample);
  if (!isGarbledText(counts) && !isGarbledLine(counts)) return null;
  const scored = FAMILIES.map((family) => {
    const quality = qualityOf(decodeLegacyDevanagari(sample, family));
    const score = (quality.wellFormed + 2 * quality.common) / Math.max(quality.words, 1);
    return { family, score, quality };
  }).sort((a, b) => b.score - a.score);
  const [best, runnerUp] = scored;
  // Mojibake from some other legacy font (Tamil, Gujarati…) does not decode to Hindi words.
  if (!best || best.quality.wellFormed < 0.6 * best.quality.words) return null;
  return { family: best.family, margin: best.score - (runnerUp?.score ?? 0) };
}

/** The encoding the sample was typed in, or null when it is not legacy Devanagari at all. */
export function legacyFamilyOf(sample: string): LegacyFamily | null {
  return judge(sample)?.family ?? null;
}

/** A decoder for each font of the runs that holds legacy Devanagari. */
export function legacyFontDecoders(runs: Iterable<TextRun>): FontDecoders {
  const samples = new Map<string, string>();
  for (const run of runs) {
    if (!run.fontName || run.str.trim() === '') continue;
    const sample = samples.get(run.fontName) ?? '';
    if (sample.length < SAMPLE_CHARS) samples.set(run.fontName, `${sample}${run.str}\n`);
  }
  const verdicts = new Map<string, Verdict & { size: number }>();
  for (const [fontName, sample] of samples) {
    const verdict = judge(sample);
    if (verdict) verdicts.set(fontName, { ...verdict, size: sample.length });
  }
  const main = [...verdicts.values()].sort((a, b) => b.size - a.size)[0]?.family;
  const decoders = new Map<string, (text: string) => string>();
  for (const [fontName, verdict] of verdicts) {
    const family = verdict.margin < CLEAR_MARGIN && main ? main : verdict.family;
    decoders.set(fontName, (text) => decodeLegacyDevanagari(text, family));
  }
  return decoders;
}

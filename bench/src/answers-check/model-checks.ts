/**
 * Checks of a model's reply that need no judge model:
 * - citation support, a documented lexical test: a sentence carrying [n] is supported by passage
 *   n when at least half of its content words (lower-cased; STOPWORDS, citation markers and
 *   punctuation removed) occur in the passage's full text, or when it holds a verbatim run of at
 *   least 6 words from it. A sentence citing several passages is supported if one of them
 *   supports it. The test is lexical, so it only means something when the reply is in the
 *   passages' language (English replies to English passages);
 * - reply language: the script most of the reply's letters are written in.
 */
import { CHECK_STOP_WORDS } from '@samvad/server/answers/citation-check.ts';
import { evidenceWords } from '../qa/question-set.ts';
import { type CitedSentence, citedSentencesOf } from './quotes.ts';

/** The stopword list of the check, shared with the product's own check (citation-check.ts) so
 * that both apply one definition; the measuring code here stays independent of the product's. */
export const STOPWORDS: ReadonlySet<string> = CHECK_STOP_WORDS;

export const SUPPORT_SHARE = 0.5;
export const VERBATIM_WORDS = 6;

export function contentWords(text: string): string[] {
  return evidenceWords(text).filter((word) => !STOPWORDS.has(word) && !/^\d+$/.test(word));
}

export type PassageText = { words: Set<string>; runs: Set<string> };

/** A passage's words and its 6-word runs, computed once per passage. */
export function passageText(text: string): PassageText {
  const all = evidenceWords(text);
  const runs = new Set<string>();
  for (let i = 0; i + VERBATIM_WORDS <= all.length; i++)
    runs.add(all.slice(i, i + VERBATIM_WORDS).join(' '));
  return { words: new Set(all), runs };
}

export function supports(sentence: string, passage: PassageText): boolean {
  const all = evidenceWords(sentence);
  for (let i = 0; i + VERBATIM_WORDS <= all.length; i++)
    if (passage.runs.has(all.slice(i, i + VERBATIM_WORDS).join(' '))) return true;
  const content = contentWords(sentence);
  if (content.length === 0) return false;
  const found = content.filter((word) => passage.words.has(word)).length;
  return found / content.length >= SUPPORT_SHARE;
}

export type SupportResult = {
  sentences: number;
  supported: number;
  unsupported: Array<CitedSentence & { missing: boolean }>;
};

/**
 * `passageOf(n)` gives the full text of the reply's source n (1-based), or null when it cannot be
 * found (then the sentence counts as unsupported and `missing` says why).
 */
export function citationSupport(
  answer: string,
  passageOf: (n: number) => PassageText | null,
): SupportResult {
  const result: SupportResult = { sentences: 0, supported: 0, unsupported: [] };
  for (const sentence of citedSentencesOf(answer)) {
    result.sentences++;
    const passages = sentence.citations.map(passageOf);
    if (passages.some((p) => p !== null && supports(sentence.text, p))) result.supported++;
    else result.unsupported.push({ ...sentence, missing: passages.every((p) => p === null) });
  }
  return result;
}

export type Script = 'Latin' | 'Devanagari' | 'Tamil' | 'other' | 'none';

const SCRIPTS: Array<[Exclude<Script, 'other' | 'none'>, RegExp]> = [
  ['Latin', /\p{Script=Latin}/gu],
  ['Devanagari', /\p{Script=Devanagari}/gu],
  ['Tamil', /\p{Script=Tamil}/gu],
];

/** The script most of the reply's letters are in; markers, links and file names left out. */
export function dominantScript(text: string): Script {
  const prose = text
    .replace(/\[\d[\d,\s]*\]/g, ' ')
    .replace(/https?:\/\/\S+|\/api\/\S+/g, ' ')
    .replace(/\b[\w.-]+\.(?:pdf|md|txt|html|epub)\b/gi, ' ');
  const letters = (prose.match(/\p{L}/gu) ?? []).length;
  if (letters === 0) return 'none';
  let best: Script = 'other';
  let bestCount = 0;
  for (const [script, pattern] of SCRIPTS) {
    const count = (prose.match(pattern) ?? []).length;
    if (count > bestCount) [best, bestCount] = [script, count];
  }
  return bestCount * 2 > letters ? best : 'other';
}

export function expectedScript(language: string): Script {
  return language === 'hi' || language === 'mr'
    ? 'Devanagari'
    : language === 'ta'
      ? 'Tamil'
      : 'Latin';
}

/**
 * Which sentences of a passage may be quoted as an answer. A quote stands for what the author
 * said, so it must be a whole sentence of running text: never a heading, a title line, a
 * running header, a numbered section label, a question (readers took the echo of their own
 * question for an answer), a fragment, navigation debris, or a sentence the chunk cut in two.
 */
import { splitSentences } from '../knowledge/language.ts';
import { isFiller, withSentenceSpaces } from './lead-rules.ts';

/** Fewer words than this is a fragment, not a statement. */
export const MIN_QUOTE_WORDS = 6;

export type PassageSentence = {
  /** The sentence as quoted: whitespace collapsed, a leading verse number removed. */
  text: string;
  /** Position among the passage's sentences (quotable or not), in reading order. */
  position: number;
  /** Index of its paragraph within the passage. */
  paragraph: number;
  /**
   * Index of the speaker's turn it belongs to: a paragraph opening with a speaker's label
   * ("T. T. Krishnamachari: …") starts a new one. A quote never joins sentences of two turns.
   */
  turn: number;
  quotable: boolean;
};

/**
 * A debate's speaker label opening a paragraph: a few capitalised words (a name, honorifics,
 * initials; a constituency in brackets), a colon, then the words spoken. The loaders write each
 * turn as "<Speaker>: <words>".
 */
const SPEAKER_LABEL =
  /^(?:\p{Lu}[\p{L}'’.-]*\s+){0,6}\p{Lu}[\p{L}'’.-]*(?:\s*\([^()]{1,60}\))?:\s+(?=[\p{Lu}"“‘'(])/u;

/** Every sentence of a passage, in reading order, each marked quotable or not. */
export function sentencesOf(text: string, headings: readonly string[] = []): PassageSentence[] {
  const headingSet = new Set(headings.map(normaliseHeading));
  const sentences: PassageSentence[] = [];
  let turn = 0;
  paragraphsOf(text, headingSet).forEach((flat, paragraphIndex) => {
    const label = SPEAKER_LABEL.exec(flat);
    if (label && sentences.length > 0) turn++;
    const isHeading = headingSet.has(normaliseHeading(flat)) || looksLikeHeading(flat);
    const parts = splitSentences(flat);
    parts.forEach((part, index) => {
      // The label is not the speaker's words: the quote's lead names the speaker.
      const spoken = index === 0 && label ? part.trim().slice(label[0].length) : part.trim();
      const textOfSentence = cleanSentence(spoken);
      const cutAtStart = paragraphIndex === 0 && index === 0 && /^[\s"'“‘(]*\p{Ll}/u.test(part);
      sentences.push({
        text: textOfSentence,
        position: sentences.length,
        paragraph: paragraphIndex,
        turn,
        quotable:
          !isHeading &&
          !cutAtStart &&
          isQuotableSentence(textOfSentence) &&
          !isFiller(textOfSentence),
      });
    });
  });
  return sentences;
}

/**
 * The passage's paragraphs, whitespace collapsed, with a paragraph break inside a sentence
 * undone: a PDF's layout can end a paragraph mid-sentence ("तानाशाहों के देशों में यह इसलिए" |
 * "विफल हुआ कि इसकी गति बहुत धीमी है।"), leaving two fragments where one quotable sentence was.
 * A paragraph runs on into the next when it ends with no sentence's or clause's end, is not a
 * heading, and the next begins with neither a capital, a digit nor a speaker's label.
 */
function paragraphsOf(text: string, headingSet: ReadonlySet<string>): string[] {
  const paragraphs: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const flat = withSentenceSpaces(paragraph.replace(/\s+/g, ' ').trim());
    if (!flat) continue;
    const previous = paragraphs[paragraphs.length - 1];
    if (previous !== undefined && runsOn(previous, flat, headingSet))
      paragraphs[paragraphs.length - 1] = `${previous} ${flat}`;
    else paragraphs.push(flat);
  }
  return paragraphs;
}

function runsOn(previous: string, next: string, headingSet: ReadonlySet<string>): boolean {
  if (/[.!?।॥…:;"'”’)\]]$/u.test(previous)) return false;
  // Running text holds a sentence's end before its last words; a heading holds none.
  const runningText = /[.!?।॥]["'”’)\]]*\s+\S/u.test(previous);
  if (!runningText && (headingSet.has(normaliseHeading(previous)) || looksLikeHeading(previous)))
    return false;
  return /^[\p{Ll}\p{Lo}]/u.test(next) && !SPEAKER_LABEL.test(next);
}

/** Whether one sentence, on its own, reads as a quotable statement. */
export function isQuotableSentence(sentence: string): boolean {
  const words = sentence.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  if (words.length < MIN_QUOTE_WORDS) return false;
  if (/\?[\s"'”’)]*$/.test(sentence)) return false;
  if (!endsSentence(sentence)) return false;
  if (isSectionLabel(sentence) || isShouting(sentence) || isTitleLine(words)) return false;
  if (isDebris(sentence)) return false;
  return true;
}

/**
 * A full stop (or danda, or exclamation) ends a sentence; an ellipsis does not: in the sources it
 * marks a speaker broken off ("Because my friend probably knows if he is a lawyer……..") or
 * words left out, and such a sentence does not say what it was going to.
 */
function endsSentence(sentence: string): boolean {
  if (/(?:…|\.\s?\.)["'”’)\]]*$/u.test(sentence)) return false;
  return /[.!।॥]["'”’)\]]*$/u.test(sentence);
}

/** "2 Why was Nagpur chosen", "8 "Become Mahars!"", "CHAPTER III", "Section 4." */
function isSectionLabel(sentence: string): boolean {
  return (
    /^(?:chapter|part|section|book|appendix)\s+[\divxlc]+\b/i.test(sentence) ||
    /^\d+(?:\.\d+)*\s+["“‘']?\p{Lu}[^.!?]*[.!?]?["”’']?$/u.test(sentence)
  );
}

/** Running headers and display lines are set in capitals. */
function isShouting(sentence: string): boolean {
  const letters = sentence.match(/\p{L}/gu) ?? [];
  const upper = sentence.match(/\p{Lu}/gu) ?? [];
  return letters.length > 0 && upper.length / letters.length > 0.5;
}

/** A title line capitalises nearly every word and says nothing with a lowercase verb. */
function isTitleLine(words: string[]): boolean {
  const capitalised = words.filter((word) => /^[\p{Lu}\d]/u.test(word.replace(/^["'“‘(*]+/, '')));
  return capitalised.length / words.length > 0.7;
}

/** Markup and page furniture: markdown escapes, "-- 4", links, page counters. */
function isDebris(sentence: string): boolean {
  if (/\\|\s--\s*\d|https?:\/\/|www\.|\bpage \d+ of \d+\b|^[A-Z]+:\s/i.test(sentence)) return true;
  // Footnote markers and notes: "[f1] Antyajancha…", "[f.2]In this connection see…".
  if (/\[f\.?\d+\]|^\[\d+\]|^\*?\d+\s*\*?\s*(?:see|cf\.|ibid)/i.test(sentence)) return true;
  // Letters with their combining marks: Tamil and Devanagari vowel signs are marks, not letters.
  const letters = (sentence.match(/[\p{L}\p{M}]/gu) ?? []).length;
  return letters / sentence.replace(/\s/g, '').length < 0.7;
}

/** A paragraph that is a heading: short, no full stop, not running text. */
function looksLikeHeading(paragraph: string): boolean {
  if (/^\d{1,3}(?:\.\d+)*\s+\S/.test(paragraph) && paragraph.split(/\s+/).length <= 12) return true;
  return paragraph.split(/\s+/).length <= 15 && !/[.!?।॥…;,"'”’)]\s*$/u.test(paragraph);
}

/**
 * The sentence as quoted: "24. Such is the definition…" without its verse number, "R. V.
 * DHULEKAR: My request…" without the speaker's label (the lead names the speaker), and a
 * sentence that is wholly a quotation without its own quotation marks (the quote adds them).
 */
function cleanSentence(sentence: string): string {
  const bare = sentence
    .replace(/^\(?\d{1,3}[.)]\s+(?=[\p{Lu}"“‘'])/u, '')
    .replace(
      /^(?:(?:the\s+)?(?:honourable\s+|hon'ble\s+)?(?:shri|mr|dr|sir|pandit)\.?\s+)?[\p{Lu}][\p{Lu}.\s'-]{2,60}:\s+(?=\p{Lu})/iu,
      (label) =>
        /\p{Ll}{2}/u.test(
          label.replace(/^(?:the|honourable|hon'ble|shri|mr|dr|sir|pandit)\b/giu, ''),
        )
          ? label
          : '',
    );
  const quoted = /^[“"]([^“”"]+)[”"]\.?$/u.exec(bare);
  return quoted?.[1] ?? bare;
}

function normaliseHeading(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

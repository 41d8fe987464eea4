/**
 * The text of the offline answer's quotes: one passage's sentences under one lead, in reading
 * order; the neighbours a quote needs to be read; bounded length; Markdown-safe.
 */
import type { PassageSentence } from './quotable.ts';
import { escapeMarkdown } from './quote-lead.ts';

/** A candidate sentence, with the passage it belongs to (its rank among those read). */
type QuotedSentence = PassageSentence & { passageRank: number };

/** A lead this short (or one that points back, "This is why…") takes its previous sentence. */
const SHORT_LEAD_WORDS = 14;
const MAX_QUOTE_CHARS = 450;
/** Sentences read back through a chain of back-references, at most. */
const MAX_BACK_STEPS = 3;
/** A quote with its neighbours stays within this many words. */
const MAX_QUOTE_WORDS = 70;

/**
 * Quotes from one passage that follow each other in the answer are given as one quote, under
 * one lead: "“A … B” [1]" reads better, and is shorter, than the same lead twice. Never across
 * a speaker's turn: each turn is quoted on its own, under its own lead.
 */
export function byPassage<T extends QuotedSentence>(chosen: T[]): T[][] {
  const groups: T[][] = [];
  for (const sentence of chosen) {
    const last = groups[groups.length - 1];
    const first = last?.[0];
    if (first?.passageRank === sentence.passageRank && first.turn === sentence.turn)
      last?.push(sentence);
    else groups.push([sentence]);
  }
  return groups;
}

/** Sentences of one passage as one quote, in reading order: neighbours run on, a gap is "…". */
export function joinQuotes(pieces: Array<{ text: string; position: number }>): string {
  let joined = '';
  let last = -2;
  for (const { text, position } of pieces) {
    let cut = cutToLength(text);
    // A quote's context (the sentences it points back to) may already be quoted: not twice.
    let runsOn = position === last + 1;
    for (let first = firstSentence(cut); joined && first && first !== cut; ) {
      if (!joined.includes(first)) break;
      runsOn = joined.endsWith(first);
      cut = cut.slice(first.length).trimStart();
      first = firstSentence(cut);
    }
    if (!joined) joined = cut;
    else if (!joined.includes(cut)) joined = `${joined}${runsOn ? ' ' : ' … '}${cut}`;
    last = position;
  }
  return joined;
}

/** The first sentence of a quote (the whole quote when it is one sentence). */
function firstSentence(text: string): string {
  const end = /[.!?][’”'"]?\s/.exec(text);
  return end ? text.slice(0, end.index + end[0].length - 1) : text;
}

/** Opens with a word that points back to the sentence before: "This is why…", "It is…". */
const POINTS_BACK =
  /^(?:this|that|these|those|such|thus|so|hence|therefore|it|he|she|they|his|their)\b/i;

/**
 * A quote with the neighbours it needs to be read: the sentence before, when the quote points
 * back or is a short lead; the sentence after, when it points back to the quote ("…the most
 * important article. It is the very soul of the Constitution."). Neighbours come from the same
 * paragraph, are quotable themselves, and the quote stays within MAX_QUOTE_WORDS.
 */
export function withContext(
  sentence: QuotedSentence,
  candidates: readonly QuotedSentence[],
  isLead: boolean,
): string {
  const neighbour = (offset: number) =>
    candidates.find(
      (c) =>
        c.passageRank === sentence.passageRank &&
        c.position === sentence.position + offset &&
        c.paragraph === sentence.paragraph &&
        c.quotable,
    );
  const words = (text: string) => text.split(/\s+/).length;
  let text = sentence.text;
  // A sentence that points back reads with the one it points to, and so on while that one
  // points back too ("…lived chiefly in Nagpur. This is the main reason… Nagpur was chosen
  // because of this."), within MAX_QUOTE_WORDS.
  let first = sentence.text;
  let needsBefore = (isLead && words(text) < SHORT_LEAD_WORDS) || POINTS_BACK.test(text);
  for (let offset = -1; needsBefore && offset >= -MAX_BACK_STEPS; offset--) {
    const before = neighbour(offset);
    if (!before || words(before.text) + words(text) > MAX_QUOTE_WORDS) break;
    text = `${before.text} ${text}`;
    first = before.text;
    needsBefore = POINTS_BACK.test(first);
  }
  const after = neighbour(1);
  if (after && POINTS_BACK.test(after.text) && words(after.text) + words(text) <= MAX_QUOTE_WORDS)
    text = `${text} ${after.text}`;
  return text;
}

/** A quote of bounded length, cut at a word. */
function cutToLength(text: string): string {
  return text.length > MAX_QUOTE_CHARS
    ? `${text.slice(0, MAX_QUOTE_CHARS).replace(/\s+\S*$/, '')} …`
    : text;
}

/**
 * Markdown-safe quote text: no raw HTML, no accidental emphasis. Quotation marks inside the quote
 * become single ones, as nested quotations are printed, so the quote's own marks stay unambiguous.
 */
export function quote(text: string): string {
  return escapeMarkdown(text.replace(/“/g, '‘').replace(/”/g, '’'));
}

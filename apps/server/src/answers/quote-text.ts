/**
 * The text of the offline answer's quotes: one passage's sentences under one lead, in reading
 * order; the neighbours a quote needs to be read; bounded length; Markdown-safe.
 */
import { refersBack } from './lead-rules.ts';
import type { PassageSentence } from './quotable.ts';
import { escapeMarkdown } from './quote-lead.ts';

/**
 * A candidate sentence, with the passage it belongs to (its rank among those read) and, when
 * scored, its match with the question.
 */
type QuotedSentence = PassageSentence & { passageRank: number; match?: number; cue?: boolean };

/** A lead this short (or one that points back, "This is why…") takes its previous sentence. */
const SHORT_LEAD_WORDS = 14;
/** One sentence with its context, at most. */
const MAX_QUOTE_CHARS = 450;
/**
 * A quote's length at most: the lead's, and a supporting quote's (issue #29: "each short"; the
 * sentence it was chosen for is cut only past MAX_QUOTE_CHARS, its neighbours are left out). On
 * tune, 600 for the lead kept every evidence sentence that no cap at all quoted; a supporting
 * quote's 300 → 150 kept evidence quoted at 0.364, ROUGE-L vs evidence 0.095 → 0.098, 171 → 162
 * words per answer; 120 lost evidence (0.355) (bench/results/qa-2026-12-02-s40-msc*.md). Not
 * cutting the chosen sentence below MAX_QUOTE_CHARS: evidence kept, ROUGE-L 0.095 → 0.092,
 * 133 → 139 words (s40-whole): a reader gets the sentence, not its first 150 characters.
 */
export const MAX_LEAD_CHARS = 600;
export const MAX_SUPPORT_CHARS = 150;
/** Sentences read back through a chain of back-references, at most. */
const MAX_BACK_STEPS = 3;
/** How far back a back-reference's antecedent is looked for, in sentences of its paragraph. */
const ANTECEDENT_REACH = 8;
/**
 * A quote with its neighbours stays within this many words, and a lead that sets up its answer
 * reads on for at most FOLLOWING_SENTENCES. Chosen on tune (bench/results/
 * qa-2026-11-28-s35-follow*-tune.md): evidence quoted 0.309 (70 words, one sentence) → 0.318
 * (70, two) → 0.327 (90, two; 110 and three gained nothing more then). Session 42, with the
 * rules since and the sentences' meaning always in time (bench/results/qa-2026-12-02-s42-d-*.md):
 * 90 and two 0.373, 110 and three 0.391 (English 0.403 → 0.418), 147 words per answer (137).
 */
const MAX_QUOTE_WORDS = 110;
const FOLLOWING_SENTENCES = 3;

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

/**
 * Sentences of one passage as one quote, in reading order: neighbours run on, a gap is "…".
 * Within `maxChars`: a piece that would run past it is left out, unless it is `required` (the
 * lead's, or a supporting quote's own sentence), so a quote stays short and never loses the
 * sentence that answers.
 */
export function joinQuotes(
  pieces: Array<{ text: string; position: number; required?: boolean }>,
  maxChars = MAX_QUOTE_CHARS,
): string {
  let joined = '';
  let last = -2;
  for (const { text, position, required } of pieces) {
    // The sentence a quote was chosen for is never cut short of MAX_QUOTE_CHARS; its neighbours
    // keep to `maxChars`.
    let cut = cutToLength(text, required ? Math.max(maxChars, MAX_QUOTE_CHARS) : maxChars);
    if (joined && !required && joined.length + cut.length > maxChars) continue;
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

/**
 * The first sentence of a quote (the whole quote when it is one sentence); Devanagari ends one
 * with a danda (।, ॥), as the sentence splitter does.
 */
function firstSentence(text: string): string {
  const end = /[.!?।॥][’”'"]?\s/u.exec(text);
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
  // A short sentence matches the question's words most for their few (BM25's length norm); an
  // antecedent must also say something, so a match counts in full from SHORT_LEAD_WORDS words.
  const weight = (c: QuotedSentence) =>
    (c.match ?? 0) * Math.min(1, words(c.text) / SHORT_LEAD_WORDS);
  let text = sentence.text;
  // A sentence that points back reads with the one it points to, and so on while that one
  // points back too ("…lived chiefly in Nagpur. This is the main reason… Nagpur was chosen
  // because of this."), within MAX_QUOTE_WORDS.
  let first = sentence.text;
  let reached = sentence.position;
  let needsBefore = (isLead && words(text) < SHORT_LEAD_WORDS) || POINTS_BACK.test(text);
  for (let offset = -1; needsBefore && offset >= -MAX_BACK_STEPS; offset--) {
    const before = neighbour(offset);
    if (!before || words(before.text) + words(text) > MAX_QUOTE_WORDS) break;
    text = `${before.text} ${text}`;
    first = before.text;
    reached = before.position;
    needsBefore = POINTS_BACK.test(first);
  }
  // "This is the main reason…" summarises what came before: when the chain did not reach a
  // sentence that speaks to the question, the one of its paragraph that does most comes first.
  if (refersBack(sentence.text)) {
    const antecedent = candidates
      .filter(
        (c) =>
          c.passageRank === sentence.passageRank &&
          c.paragraph === sentence.paragraph &&
          c.quotable &&
          c.position < reached &&
          c.position >= sentence.position - ANTECEDENT_REACH &&
          (c.match ?? 0) > 0,
      )
      .sort((a, b) => weight(b) - weight(a))[0];
    const chainMatches = candidates.some(
      (c) =>
        c.passageRank === sentence.passageRank &&
        c.position >= reached &&
        c.position < sentence.position &&
        (c.match ?? 0) > 0,
    );
    if (antecedent && !chainMatches && words(antecedent.text) + words(text) <= MAX_QUOTE_WORDS)
      text = `${antecedent.text}${antecedent.position === reached - 1 ? ' ' : ' … '}${text}`;
  }
  // A lead that does not itself give what was asked often sets up the answer that follows it
  // ("A great man must have something more than… A great man must be motivated by…"), and the
  // answer may take two sentences to arrive.
  const setsUp = isLead && !sentence.cue;
  for (let offset = 1; offset <= FOLLOWING_SENTENCES; offset++) {
    const after = neighbour(offset);
    if (
      !after ||
      !(POINTS_BACK.test(after.text) || setsUp) ||
      words(after.text) + words(text) > MAX_QUOTE_WORDS
    )
      break;
    text = `${text} ${after.text}`;
  }
  return text;
}

/** A quote of bounded length, cut at a word. */
function cutToLength(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars).replace(/\s+\S*$/, '')} …` : text;
}

/**
 * Markdown-safe quote text: no raw HTML, no accidental emphasis. Quotation marks inside the quote
 * become single ones, as nested quotations are printed, so the quote's own marks stay unambiguous.
 */
export function quote(text: string): string {
  return escapeMarkdown(
    text
      .replace(/“/g, '‘')
      .replace(/”/g, '’')
      // A straight mark opens after a space, a bracket or a dash (or at the start), else closes:
      // `it is "persecution."` then reads ‘persecution.’ inside the quote, not `."”`.
      .replace(/(^|[\s([{—–-])"/g, '$1‘')
      .replace(/"/g, '’'),
  );
}

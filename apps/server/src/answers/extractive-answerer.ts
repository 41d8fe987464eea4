/**
 * The offline answerer: no model, only the retrieved passages. It leads with the sentence that
 * answers the question (a reason for "why", a date for "when", a name for "who", a definition
 * for "what is"), adds two or three more from other top passages where they add something, and
 * quotes each verbatim with whose words they are, the work, the page and a citation marker. It
 * never writes a claim of its own, so it cannot invent one; the rules are in ADR 023. A quote in
 * another language than the question's is followed by a note saying so, in the question's.
 */
import type { Persona } from '@samvad/contracts/persona';
import type { Source } from '@samvad/contracts/sources';
import type { Passage } from '../retrieval/passage.ts';
import { tokenize, tokenizeQuery } from '../retrieval/tokenizer.ts';
import { numberedSources } from './answer-sources.ts';
import { refersBack } from './lead-rules.ts';
import { givesAnswer, type QuestionType, questionType } from './question-type.ts';
import { type PassageSentence, sentencesOf } from './quotable.ts';
import { quoteLead } from './quote-lead.ts';
import {
  byPassage,
  joinQuotes,
  MAX_LEAD_CHARS,
  MAX_SUPPORT_CHARS,
  quote,
  withContext,
} from './quote-text.ts';
import { replyTexts } from './reply-texts.ts';
import { sourceLanguageNote } from './source-language.ts';

export type ExtractiveOptions = {
  persona: Persona;
  /** The question's detected language: the opening line and the refusal are in it. */
  language: string;
  /** Passages read, best first (default 5). */
  maxPassages?: number;
  /** Quotes at most (default MAX_QUOTES); evaluations ask for more to see where evidence ranks. */
  maxQuotes?: number;
  /**
   * Cosine of each candidate sentence to the question (sentence-meaning.ts), by its text: with
   * it, sentences are chosen by meaning as well as by words; without, by words alone.
   */
  meaning?: ReadonlyMap<string, number> | null;
  /**
   * For a quoted passage (by id), the copy of the same words in another file of the work to cite
   * instead: one with page numbers (work-copies.ts). The quote stays as chosen.
   */
  copies?: ReadonlyMap<string, Passage>;
  /**
   * A passage whose cosine to the question is below this line does not cover the question on its
   * own (coverage.ts, denseCoverLine): it may give the lead, never a supporting quote. Passages
   * without a cosine (found by words alone), and every passage when absent, may give either.
   */
  supportLine?: number | null;
};

export type ExtractiveAnswer = {
  answer: string;
  sources: Source[];
  covered: boolean;
  /**
   * The passage the lead quote comes from, and whether the lead gives the kind of answer asked
   * for (a reason for "why"…); when it does not, the caller may read on into the next passage.
   */
  lead?: { passage: Passage; givesAnswer: boolean };
  /** Each quoted passage with the sentences quoted from it, in the answer's order. */
  quoted?: Array<{ passage: Passage; sentences: string[] }>;
};

type Candidate = PassageSentence & {
  passageRank: number;
  terms: Set<string>;
  /** Match with the question (BM25 over the candidate sentences), 0..1. */
  match: number;
  /** The match of a sentence shortly before it: an answer often follows the question's echo. */
  carried: number;
  cue: boolean;
  score: number;
};

/**
 * Sentences embedded per answer, at most: embedding them must fit the 300 ms deadline. Tune half
 * (bench/results/qa-2026-11-28-s37-{m16,m24,meaning2,xm-w0.15}-tune.md), evidence quoted: 16 → 0.336, 24 → 0.355
 * (English 0.388), 32 → 0.355 (English 0.373), 80 → 0.345; 24 costs a quarter less than 32.
 */
const MEANING_SENTENCES = 24;

/**
 * Quotes per answer: the lead and up to three more, each only where it scores near the lead (it
 * adds to the answer). Forcing a second quote (2 until session 37) changed nothing on the tune
 * half's evidence quoted (0.309 either way) and added quotes about something else.
 */
const MAX_QUOTES = 4;
const MIN_QUOTES = 1;
/** A question in another language shares no word: the best passages' openings, this many. */
const OPENING_QUOTES = 2;
/** BM25 over the candidate sentences as a small collection. */
const K1 = 1.2;
const B = 0.75;
/**
 * Weight of the sentence's relevance against its passage's retrieval rank. On tune with 90-word
 * quotes (bench/results/qa-2026-11-28-s35-*-tune.md), evidence quoted: 0.5 → 0.318, 0.6 → 0.327,
 * 0.7 → 0.336, 0.8 → 0.327, 0.9 → 0.309. Session 42, 110-word quotes (qa-2026-12-02-s42-d-fs3*):
 * 0.7 and 0.8 both 0.391; 0.8 shorter (142 words against 147), ROUGE-L vs evidence 0.089 → 0.093.
 */
const SENTENCE_WEIGHT = 0.8;
/**
 * How much of an earlier sentence's match a following one adds to its own, decaying over this
 * many sentences: the answer often follows the question's echo ("Many ask me why…").
 */
const CARRY = 0.5;
const CARRY_SPAN = 4;
/**
 * Weight of a sentence's closeness in meaning to the question (0..1 over the candidates, see
 * relativeMeaning) added to its match in words. Tune half, session 37 (32 sentences embedded,
 * bench/results/qa-2026-11-28-s37-xm-*-tune.md): evidence quoted 0.309 by words alone, 0.345
 * at 0.08, 0.355 at 0.15, 0.327 at 0.3 (80 sentences), 0.318 at 0.6, 0.300 at 1.2.
 */
const MEANING_WEIGHT = 0.15;
/** A sentence giving the kind of answer asked for (a reason for "why") counts this much more. */
const CUE_BONUS = 0.5;
/** Each quote already taken from a passage lowers the next one's claim: spread the quotes. */
const SAME_PASSAGE_FACTOR = 0.8;
/** A sentence sharing this share of its terms with a chosen one adds nothing. */
const REDUNDANCY_OVERLAP = 0.6;
/** A sentence that defines the asked term leads when it scores at least this share of the best. */
const DEFINITION_LEAD_SHARE = 0.7;
/**
 * Quotes beyond the minimum must score at least this share of the lead. Session 43 on tune
 * (bench/results/qa-2026-12-02-s43-{eqs30,note,eqs60}.md), evidence quoted / ROUGE-L vs
 * evidence / words: 0.3 → 0.400 / 0.090 / 156, 0.45 → 0.391 / 0.096 / 141, 0.6 → 0.355 /
 * 0.107 / 116. Three quotes at most instead of four (s43-mq3): 0.373 / 0.102 / 129.
 */
const EXTRA_QUOTE_SHARE = 0.45;

export function answerExtractively(
  question: string,
  passages: Passage[],
  options: ExtractiveOptions,
): ExtractiveAnswer {
  const texts = replyTexts(options.language);
  const top = passages.slice(0, options.maxPassages ?? 5);
  const queryTerms = tokenizeQuery(question);
  const type = questionType(question);
  const candidates = scoreSentences(queryTerms, type, top, options.meaning ?? null);
  const line = options.supportLine ?? null;
  const uncovering = new Set(
    top.flatMap((passage, rank) =>
      line !== null && passage.denseScore !== null && passage.denseScore < line ? [rank] : [],
    ),
  );
  let chosen = choose(
    candidates,
    options.maxQuotes ?? MAX_QUOTES,
    type === 'definition',
    uncovering,
  );
  // A question in another language shares no word with the writings: once retrieval has found
  // them covering it (by meaning), the best passages' first quotable sentences are given.
  if (chosen.length === 0) chosen = openings(candidates);
  if (chosen.length === 0) return { answer: texts.notCovered, sources: [], covered: false };

  // Each passage's quote, in the answer's order; one that says again what an earlier quote
  // says (a lead read on into the sentence after it, also chosen on its own) is left out.
  const quoted: Array<{ group: Candidate[]; text: string }> = [];
  for (const group of byPassage(chosen)) {
    const holdsLead = group.includes(chosen[0] as Candidate);
    const text = joinQuotes(
      [...group]
        .sort((a, b) => a.position - b.position)
        .map((sentence) => ({
          text: withContext(sentence, candidates, sentence === chosen[0]),
          position: sentence.position,
          required: sentence === chosen[0] || (!holdsLead && sentence === group[0]),
        })),
      holdsLead ? MAX_LEAD_CHARS : MAX_SUPPORT_CHARS,
    );
    if (!quoted.some((earlier) => earlier.text.includes(text))) quoted.push({ group, text });
  }
  const groups = quoted.map((entry) => entry.group);
  // A quote is cited where a reader can open it at its page: the work's paged copy, if known.
  const shown = top.map((passage) => options.copies?.get(passage.id) ?? passage);
  const { sources, citationOf } = numberedSources(groups, shown);
  const paragraphs: Array<{ lead: string; quotes: Array<{ cited: string; note: string }> }> = [];
  for (const { group, text } of quoted) {
    const first = group[0];
    const passage = first && shown[first.passageRank];
    const citation = first && citationOf.get(first.passageRank);
    if (!first || !passage || citation === undefined) continue;
    // A quote stays in its own language; a note in the reader's says which one it is.
    const note = sourceLanguageNote(text, options.language) ?? '';
    const lead = quoteLead(passage, options.persona, options.language);
    const cited = { cited: `“${quote(text)}” [${citation}]`, note };
    // The same speaker in the same work (and page) is introduced once: "In *X*, Ambedkar
    // said: “A” [1] “B” [2]" rather than the same words twice in a row.
    const previous = paragraphs.at(-1);
    if (previous?.lead === lead) previous.quotes.push(cited);
    else paragraphs.push({ lead, quotes: [cited] });
  }
  const lines = [texts.opening, ''];
  for (const { lead, quotes } of paragraphs) {
    // A note said once for the quotes it follows: "“A” [1] “B” [2] (The source is in English.)".
    const rendered = quotes.map(({ cited, note }, i) =>
      note && note !== quotes[i + 1]?.note ? `${cited} (${note})` : cited,
    );
    lines.push(`${lead} ${rendered.join(' ')}`, '');
  }
  const leadPassage = chosen[0] && top[chosen[0].passageRank];
  return {
    answer: lines.join('\n').trimEnd(),
    sources,
    covered: true,
    quoted: groups.flatMap((group) => {
      const passage = group[0] && top[group[0].passageRank];
      return passage ? [{ passage, sentences: group.map((sentence) => sentence.text) }] : [];
    }),
    ...(leadPassage && chosen[0]
      ? { lead: { passage: leadPassage, givesAnswer: type === 'other' || chosen[0].cue } }
      : {}),
  };
}

/**
 * Sentences compared with the question by meaning: the quotable ones of the best passages, best
 * passage first, at most MEANING_SENTENCES (embedding them must fit in time to first token).
 * The others are chosen by words alone. A question sharing no word with any of them (asked in
 * another language) is answered by meaning alone, so each passage gets its turn: their first
 * sentences, then their second ones, and so on. Tune half: Hindi + Marathi evidence quoted
 * 0.250 → 0.292, every other slice unchanged (bench/results/qa-2026-12-02-s39-rr-xl*.md); for
 * every question alike it cost English (session 38, 0.355 → 0.345 overall).
 */
export function candidateSentences(
  passages: Passage[],
  maxPassages = 5,
  question: string | null = null,
): string[] {
  const perPassage = passages.slice(0, maxPassages).map((passage) =>
    sentencesOf(passage.text, passage.headingPath)
      .filter((sentence) => sentence.quotable)
      .map((sentence) => sentence.text),
  );
  const queryTerms = question === null ? null : new Set(tokenizeQuery(question));
  const sharesAWord =
    !queryTerms ||
    perPassage.some((texts) =>
      texts.some((text) => tokenize(text).some((term) => queryTerms.has(term))),
    );
  if (sharesAWord) return perPassage.flat().slice(0, MEANING_SENTENCES);
  const turns: string[] = [];
  for (let at = 0; turns.length < MEANING_SENTENCES; at++) {
    const round = perPassage.flatMap((texts) => (at < texts.length ? [texts[at] as string] : []));
    if (round.length === 0) break;
    turns.push(...round);
  }
  return turns.slice(0, MEANING_SENTENCES);
}

function scoreSentences(
  queryTerms: string[],
  type: QuestionType,
  passages: Passage[],
  meaning: ReadonlyMap<string, number> | null,
) {
  const raw: Array<
    Omit<Candidate, 'match' | 'carried' | 'cue' | 'score'> & { tf: Map<string, number> }
  > = [];
  passages.forEach((passage, passageRank) => {
    for (const sentence of sentencesOf(passage.text, passage.headingPath)) {
      const terms = tokenize(sentence.text);
      const tf = new Map<string, number>();
      for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
      raw.push({ ...sentence, passageRank, terms: new Set(terms), tf });
    }
  });
  if (raw.length === 0) return [];
  const lengthOf = (tf: Map<string, number>) => [...tf.values()].reduce((a, b) => a + b, 0);
  const averageLength = raw.reduce((sum, s) => sum + lengthOf(s.tf), 0) / raw.length || 1;
  const idf = new Map<string, number>();
  for (const term of queryTerms) {
    const df = raw.filter((s) => s.tf.has(term)).length;
    idf.set(term, Math.log(1 + (raw.length - df + 0.5) / (df + 0.5)));
  }
  const queryTermSet = new Set(queryTerms);
  // A passage read on from the one before it (the chunk that follows) shares that one's rank.
  const retrievalRank: number[] = [];
  passages.forEach((_, rank) => {
    const previous = retrievalRank[rank - 1];
    retrievalRank.push(
      previous !== undefined && sameText(passages, rank - 1, rank) ? previous : rank,
    );
  });
  const bound = queryTerms.reduce((sum, term) => sum + (idf.get(term) ?? 0) * (K1 + 1), 0);
  const matched = raw.map(({ tf, ...sentence }) => {
    let match = 0;
    const norm = K1 * (1 - B + (B * lengthOf(tf)) / averageLength);
    for (const term of queryTerms) {
      const count = tf.get(term) ?? 0;
      if (count > 0) match += ((idf.get(term) ?? 0) * count * (K1 + 1)) / (count + norm);
    }
    return { ...sentence, match: bound > 0 ? match / bound : 0 };
  });
  const closeness = relativeMeaning(matched, meaning);
  const anyLexical = matched.some((s) => s.quotable && s.match > 0);
  return matched.map((sentence, index): Candidate => {
    let carried = 0;
    for (let back = 1; back <= CARRY_SPAN; back++) {
      const earlier = matched[index - back];
      if (!earlier || !sameText(passages, earlier.passageRank, sentence.passageRank)) break;
      carried = Math.max(carried, earlier.match * CARRY ** back);
    }
    const cue = givesAnswer(type, sentence.text, (word) =>
      tokenize(word).some((term) => queryTermSet.has(term)),
    );
    const lexical = sentence.match > 0 ? sentence.match + carried : carried * CARRY;
    // Words, and a little meaning; where no sentence shares a word with the question (asked in
    // another language), meaning alone.
    const close = closeness?.get(sentence) ?? 0;
    const relevance = closeness && !anyLexical ? close : lexical + MEANING_WEIGHT * close;
    // Retrieval's order (fused ranks), not the display score, says which passages are best.
    const passageWeight = 1 / (1 + (retrievalRank[sentence.passageRank] ?? sentence.passageRank));
    // A back-reference ("This is the main reason…") with nothing before it to refer to.
    const orphan =
      refersBack(sentence.text) &&
      !matched.some(
        (e) =>
          e.passageRank === sentence.passageRank &&
          e.paragraph === sentence.paragraph &&
          e.position === sentence.position - 1 &&
          e.quotable,
      );
    const score =
      sentence.quotable && !orphan && relevance > 0
        ? (SENTENCE_WEIGHT * relevance + (1 - SENTENCE_WEIGHT) * passageWeight) *
          (cue ? 1 + CUE_BONUS : 1)
        : 0;
    return { ...sentence, carried, cue, score };
  });
}

/**
 * Each quotable sentence's meaning relative to the others': 1 for the closest to the question,
 * 0 at or below the median (e5's cosines crowd in a narrow band, so only the spread above the
 * typical sentence says anything); a sentence with no vector counts 0. Null with under two.
 */
function relativeMeaning<T extends { text: string; quotable: boolean }>(
  sentences: T[],
  meaning: ReadonlyMap<string, number> | null,
): Map<T, number> | null {
  if (!meaning) return null;
  const known = sentences
    .filter((s) => s.quotable && meaning.has(s.text))
    .map((s) => [s, meaning.get(s.text) ?? 0] as const);
  if (known.length < 2) return null;
  const sorted = known.map(([, cos]) => cos).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const top = sorted[sorted.length - 1] ?? 0;
  if (top <= median) return null;
  return new Map(known.map(([s, cos]) => [s, Math.max(0, (cos - median) / (top - median))]));
}

/** Whether two passages are one text: the same passage, or one and the chunk that follows it. */
function sameText(passages: Passage[], earlier: number, later: number): boolean {
  if (earlier === later) return true;
  const a = passages[earlier];
  const b = passages[later];
  return !!a && !!b && a.documentId === b.documentId && b.ordinal === a.ordinal + 1;
}

/**
 * The lead (best, preferring one that gives the kind of answer asked for), then the others; none
 * of the others from a passage that does not cover the question on its own (`uncovering`, by
 * rank). Tune: such supporting quotes were mostly off the point ("Drop by drop is the water pot
 * filled." under a recipe question); leaving them out kept evidence quoted at 0.364, ROUGE-L vs
 * evidence 0.092 → 0.095 (bench/results/qa-2026-12-02-s40-sd08*.md; a line 0.01 higher: 0.336).
 */
function choose(
  candidates: Candidate[],
  maxQuotes: number,
  definitionLeads = false,
  uncovering: ReadonlySet<number> = new Set(),
): Candidate[] {
  const pool = candidates.filter((c) => c.score > 0);
  const chosen: Candidate[] = [];
  const perPassage = new Map<number, number>();
  let leadScore = 0;
  while (chosen.length < maxQuotes) {
    let best: Candidate | null = null;
    let bestScore = 0;
    for (const candidate of pool) {
      if (chosen.includes(candidate)) continue;
      if (chosen.length > 0 && uncovering.has(candidate.passageRank)) continue;
      if (chosen.some((c) => overlap(c.terms, candidate.terms) >= REDUNDANCY_OVERLAP)) continue;
      const adjusted =
        candidate.score * SAME_PASSAGE_FACTOR ** (perPassage.get(candidate.passageRank) ?? 0);
      if (adjusted > bestScore) {
        best = candidate;
        bestScore = adjusted;
      }
    }
    if (!best) break;
    // "What is X?": a sentence that defines X leads when it scores near the best ("This is
    // fraternity, which is only another name for democracy" over a passage that names it).
    // Only definitions: a "because" anywhere was too weak a cue for "why" (ADR 023, issue #29).
    if (definitionLeads && chosen.length === 0 && !best.cue) {
      const defining = pool
        .filter((c) => c.cue && c.score >= bestScore * DEFINITION_LEAD_SHARE)
        .sort((a, b) => b.score - a.score)[0];
      if (defining) {
        best = defining;
        bestScore = defining.score;
      }
    }
    if (
      maxQuotes <= MAX_QUOTES &&
      chosen.length >= MIN_QUOTES &&
      bestScore < leadScore * EXTRA_QUOTE_SHARE
    )
      break;
    if (chosen.length === 0) leadScore = bestScore;
    chosen.push(best);
    perPassage.set(best.passageRank, (perPassage.get(best.passageRank) ?? 0) + 1);
  }
  // The lead stays first; the rest read passage by passage, each in its own order.
  const [lead, ...rest] = chosen;
  rest.sort((a, b) => a.passageRank - b.passageRank || a.position - b.position);
  return lead ? [lead, ...rest] : [];
}

/** The first quotable sentence of each of the best passages, best passage first. */
function openings(candidates: Candidate[]): Candidate[] {
  const firsts = new Map<number, Candidate>();
  for (const candidate of candidates) {
    if (!candidate.quotable) continue;
    const held = firsts.get(candidate.passageRank);
    if (!held || candidate.position < held.position) firsts.set(candidate.passageRank, candidate);
  }
  return [...firsts.values()]
    .sort((a, b) => a.passageRank - b.passageRank)
    .slice(0, OPENING_QUOTES);
}

/** Shared terms over the smaller set: a sentence repeated inside a longer one counts as 1. */
export function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size === 0) return 0;
  let shared = 0;
  for (const term of small) if (large.has(term)) shared++;
  return shared / small.size;
}

/** Stream tokens: each word with the whitespace after it; joined, they give the answer back. */
export function tokensOf(answer: string): string[] {
  return answer.match(/\s+|\S+\s*/gy) ?? [];
}

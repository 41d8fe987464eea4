/**
 * Reading an answer the way a reader does: which sentences it quotes, which passage each quote
 * cites, what the words just before a quote say (the lead-in: "Gandhi replied:"), and which of its
 * own sentences carry citation markers. Written against the answer text alone, so it measures any
 * answerer (the extractive one's `> “…” [n] (file, p. N)` lines, the newer `“…” [n]`, a model's
 * prose) without knowing how it was built.
 */

export type Quote = {
  /** The quoted words as the author wrote them: markdown escapes undone, truncation marks cut. */
  text: string;
  /** 1-based citation numbers after the closing quote mark. */
  citations: number[];
  /** The words before the quote in its sentence or line ("He told the Assembly:"). */
  leadIn: string;
  /** Cut short by the answerer (ended or started with an ellipsis). */
  truncated: boolean;
  /** Where the opening quote mark is in the answer. */
  at: number;
};

/** `[3]`, `[1, 4]`, `[2][5]`: the citation markers right after a closing quote mark. */
const MARKERS = /^\s*((?:\[\d{1,3}(?:\s*,\s*\d{1,3})*\]\s*)+)/;
const MARKER = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;
const MAX_QUOTE_CHARS = 4000;

export function citationNumbers(markers: string): number[] {
  const numbers: number[] = [];
  for (const match of markers.matchAll(MARKER)) {
    for (const n of (match[1] ?? '').split(',')) numbers.push(Number(n.trim()));
  }
  return [...new Set(numbers)];
}

/**
 * Every quote followed by a citation marker. Curly quotes are matched by nesting (a quote may
 * hold an inner “…”), straight ones on one line; a quote with no marker after it is the
 * answerer's own emphasis or a title and is not counted.
 */
export function quotesOf(answer: string): Quote[] {
  const quotes: Quote[] = [];
  const taken: Array<[number, number]> = [];
  for (let close = answer.indexOf('”'); close >= 0; close = answer.indexOf('”', close + 1)) {
    const markers = MARKERS.exec(answer.slice(close + 1, close + 80));
    if (!markers?.[1]) continue;
    const open = openingOf(answer, close);
    if (open < 0) continue;
    quotes.push(build(answer, open, close, markers[1]));
    taken.push([open, close]);
  }
  for (const match of answer.matchAll(/"([^"\n]{3,2000})"/g)) {
    const start = match.index;
    const end = start + match[0].length - 1;
    if (taken.some(([a, b]) => start >= a && end <= b)) continue;
    const markers = MARKERS.exec(answer.slice(end + 1, end + 80));
    if (markers?.[1]) quotes.push(build(answer, start, end, markers[1]));
  }
  return quotes.sort((a, b) => a.at - b.at);
}

/** The “ that opens the quote closed at `close`, counting nested pairs. */
function openingOf(answer: string, close: number): number {
  let depth = 1;
  for (let i = close - 1; i >= 0 && close - i < MAX_QUOTE_CHARS; i--) {
    const char = answer[i];
    if (char === '\n' && answer[i + 1] === '\n') return -1;
    if (char === '”') depth++;
    else if (char === '“' && --depth === 0) {
      // OCR'd text closes inner quotes with “ too: an empty pair is not the quote's opening.
      if (/[\p{L}\p{N}]/u.test(answer.slice(i + 1, close))) return i;
      depth = 1;
    }
  }
  return -1;
}

function build(answer: string, open: number, close: number, markers: string): Quote {
  const raw = answer.slice(open + 1, close);
  const truncated = /^\s*…|…\s*$/.test(raw);
  const text = unescapeMarkdown(raw)
    .replace(/^\s*…\s*/, '')
    .replace(/\s*…\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    // A stray mark left by OCR'd inner quotes (““…“”) is no part of the words.
    .replace(/^[“”]+|[“”]+$/g, '');
  return {
    text,
    citations: citationNumbers(markers),
    leadIn: leadInOf(answer, open),
    truncated,
    at: open,
  };
}

/** From the start of the line (or the end of the sentence before) to the opening quote mark. */
function leadInOf(answer: string, open: number): string {
  const lineStart = answer.lastIndexOf('\n', open - 1) + 1;
  const line = answer.slice(lineStart, open);
  const pieces = line.split(/(?<=[.!?”\]])\s+(?=[^\s])/);
  const leadIn = (pieces[pieces.length - 1] ?? '')
    .replace(/^>\s*/, '')
    .replace(/[“”\s]+$/, '')
    .trim();
  // One lead may introduce several quotes of one speaker and work ("In X, Ambedkar said: “A” [1]
  // “B” [2]"): a quote right after another's marker is introduced by the line's lead.
  const firstOpen = line.indexOf('“');
  if (/^(?:\[[\d\s,]+\]\s*)*$/.test(leadIn) && firstOpen >= 0)
    return leadInOf(answer, lineStart + firstOpen);
  return leadIn;
}

/** The extractive answerer escapes markdown and raw HTML in quotes; a reader sees the original. */
export function unescapeMarkdown(text: string): string {
  return text
    .replace(/\\([*_`[\]\\])/g, '$1')
    .replace(/‹/g, '<')
    .replace(/›/g, '>');
}

export type CitedSentence = { text: string; citations: number[] };

/**
 * The answer's sentences that carry citation markers, markers included in `citations` and
 * stripped from `text`. A marker after the full stop ("… caste. [2]") belongs to the sentence
 * before it. Quote lines of the extractive format count as sentences too.
 */
export function citedSentencesOf(answer: string): CitedSentence[] {
  const sentences: CitedSentence[] = [];
  for (const paragraph of answer.split(/\n+/)) {
    const pieces = splitOutsideQuotes(paragraph.replace(/^\s*(?:>|[-*]|\d+[.)])\s+/, ''));
    const merged: string[] = [];
    for (const piece of pieces) {
      const leading = /^((?:\[\d{1,3}(?:\s*,\s*\d{1,3})*\]\s*)+)(.*)$/s.exec(piece);
      if (leading?.[1] && merged.length > 0) {
        merged[merged.length - 1] += ` ${leading[1].trim()}`;
        if (leading[2]?.trim()) merged.push(leading[2]);
      } else merged.push(piece);
    }
    for (const sentence of merged) {
      const citations = citationNumbers(sentence);
      if (citations.length === 0) continue;
      const text = unescapeMarkdown(sentence.replace(MARKER, ' ')).replace(/\s+/g, ' ').trim();
      sentences.push({ text, citations });
    }
  }
  return sentences;
}

/** Sentences of a paragraph; a quoted passage (“…”) stays whole, whatever full stops it holds. */
function splitOutsideQuotes(paragraph: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < paragraph.length; i++) {
    const char = paragraph[i];
    if (char === '“') depth++;
    else if (char === '”') depth = Math.max(0, depth - 1);
    else if (depth === 0 && /[.!?…]/.test(char ?? '') && /\s/.test(paragraph[i + 1] ?? '')) {
      pieces.push(paragraph.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  pieces.push(paragraph.slice(start).trim());
  return pieces.filter((piece) => piece.length > 0);
}

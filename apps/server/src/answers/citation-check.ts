/**
 * Every citation in a model's answer is checked against the passage it names. The sentence a
 * marker [n] closes is supported by passage n when at
 * least half of its content words (as written, stop words left out) occur in the passage, or when it
 * quotes six or more of the passage's words verbatim. An unsupported marker is removed; a sentence
 * without a marker that a passage supports gets that passage's marker (post-hoc attribution, when
 * asked for); the sources are the passages still cited, renumbered in order of first citation;
 * if none is left, a notice that the sources could not be verified
 * ends the answer. The tokens stream as the model writes them; the check applies to the final
 * text, the sources and the saved message (ADR 023).
 */

/** Share of a sentence's content words its passage must hold. */
export const SUPPORT_SHARE = 0.5;
/** A verbatim run of this many words from the passage supports a sentence on its own. */
export const VERBATIM_WORDS = 6;

const MARKER = /\s*\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

export type CheckedAnswer = {
  text: string;
  /** Passage indexes (0-based) still cited, in the order first cited: the sources, in order. */
  cited: number[];
  /** Markers kept, removed, and added to unmarked supported sentences (for logs and evaluation). */
  kept: number;
  removed: number;
  added: number;
};

export type CheckOptions = {
  /**
   * Post-hoc attribution: a sentence without a marker that a passage supports (by the same rule)
   * gets that passage's marker. Small models often answer from the passages without citing them.
   */
  attribute?: boolean;
  /** End with the notice also when the answer cited nothing at all (not only when all failed). */
  noticeWithoutCitations?: boolean;
};

/** Unmarked sentences shorter than this (in content words) are not attributed: too little to test. */
const MIN_ATTRIBUTED_TERMS = 3;
/** A sentence with the spacing after it; the last may lack an end mark. */
const SENTENCE = /[^.!?।]+(?:[.!?।]+["'”’)]*\s*|$)/gu;

/**
 * `text` cites passages as [1]..[n] in `passageOrder` numbering: marker k names passage
 * `passageOrder[k - 1]` (the order the stream's rewriter gave them).
 */
export function checkCitations(
  text: string,
  passageTexts: readonly string[],
  passageOrder: readonly number[],
  unverifiedNotice: string,
  options: CheckOptions = {},
): CheckedAnswer {
  const termsOf = new Map<number, Set<string>>();
  const wordsOf = new Map<number, string>();
  const passageTerms = (index: number) => {
    let terms = termsOf.get(index);
    if (!terms) {
      terms = new Set(plainWords(passageTexts[index] ?? ''));
      termsOf.set(index, terms);
    }
    return terms;
  };
  const passageWords = (index: number) => {
    let words = wordsOf.get(index);
    if (words === undefined) {
      words = ` ${plainWords(passageTexts[index] ?? '').join(' ')} `;
      wordsOf.set(index, words);
    }
    return words;
  };
  let kept = 0;
  let removed = 0;
  let added = 0;
  const cited: number[] = [];
  const numbersOf = (indexes: number[]) =>
    indexes.map((index) => {
      let position = cited.indexOf(index);
      if (position === -1) position = cited.push(index) - 1;
      return position + 1;
    });
  const supportedBy = (claim: string, index: number) =>
    supports(claim, passageTerms(index), passageWords(index));
  /** Unmarked text: each sentence a passage supports gets that passage's marker. */
  const attribute = (tail: string) =>
    tail.replace(SENTENCE, (sentence) => {
      if (contentWords(sentence).length < MIN_ATTRIBUTED_TERMS) return sentence;
      const index = passageTexts.findIndex((_, at) => supportedBy(sentence, at));
      if (index === -1) return sentence;
      added++;
      const [number] = numbersOf([index]);
      return sentence.replace(/([.!?।]*["'”’)]*\s*)$/u, (end) => ` [${number}]${end}`);
    });
  // A marker's claim is the sentence it closes ("…a claim [1]." or "…a claim. [1]"); sentences
  // before it since the previous marker carry no marker of their own and may be attributed.
  const checked = text
    .split('\n')
    .map((line) => {
      let out = '';
      let segmentStart = 0;
      for (const match of line.matchAll(MARKER)) {
        const sentences = sentencesOf(line.slice(segmentStart, match.index));
        segmentStart = match.index + match[0].length;
        let claimAt = sentences.length - 1;
        while (claimAt > 0 && plainWords(sentences[claimAt] ?? '').length === 0) claimAt--;
        const before = sentences.slice(0, Math.max(0, claimAt)).join('');
        const claim = sentences.slice(Math.max(0, claimAt)).join('');
        const named = (match[1] ?? '').split(',').map((n) => passageOrder[Number(n.trim()) - 1]);
        const supported = named.filter(
          (index): index is number => index !== undefined && supportedBy(claim, index),
        );
        kept += supported.length;
        removed += named.length - supported.length;
        out += options.attribute ? attribute(before) : before;
        out +=
          supported.length === 0
            ? claim
            : `${claim} [${[...new Set(numbersOf(supported))].join(', ')}]`;
      }
      const tail = line.slice(segmentStart);
      return out + (options.attribute ? attribute(tail) : tail);
    })
    .join('\n');
  const finalText =
    cited.length === 0 && (removed > 0 || options.noticeWithoutCitations)
      ? `${checked.trimEnd()}\n\n*${unverifiedNotice}*`
      : checked;
  return { text: finalText, cited, kept, removed, added };
}

/** Whether the passage supports the sentence, by the rule above. */
export function supports(
  sentence: string,
  passageTerms: ReadonlySet<string>,
  passageWords: string,
): boolean {
  const terms = contentWords(sentence);
  if (terms.length > 0) {
    const held = terms.filter((term) => passageTerms.has(term)).length;
    if (held / terms.length >= SUPPORT_SHARE) return true;
  }
  const words = plainWords(sentence);
  for (let start = 0; start + VERBATIM_WORDS <= words.length; start++) {
    if (passageWords.includes(` ${words.slice(start, start + VERBATIM_WORDS).join(' ')} `))
      return true;
  }
  return false;
}

/**
 * Words that carry content: English function words and the commonest verbs of reporting left
 * out. Compared as written (lower case, no stemming): "remedies" is not "remedy", the strict
 * reading of "the passage holds the sentence's words" that the evaluation uses too.
 */
export const CHECK_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before ' +
    'being below between both but by can could did do does doing down during each few for from ' +
    'further had has have having he her here hers herself him himself his how i if in into is it ' +
    'its itself just me more most my myself no nor not now of off on once only or other our ours ' +
    'ourselves out over own same she should so some such than that the their theirs them ' +
    'themselves then there these they this those through to too under until up upon very was we ' +
    'were what when where which while who whom why will with would you your yours yourself ' +
    'yourselves shall may might must one said says say according also thus therefore however'
  ).split(' '),
);

function contentWords(text: string): string[] {
  return plainWords(text).filter((word) => !CHECK_STOP_WORDS.has(word) && !/^\d+$/.test(word));
}

/** Lower-case words (letters with their marks, digits); apostrophes dropped: "Ambedkar's" → "ambedkars". */
function plainWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/\u00ad/g, '')
      .replace(/['’‘`]/g, '')
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  );
}

/**
 * The text's sentences with the spacing after each (joined, they give the text back); a quotation
 * (“…”) stays whole, whatever full stops it holds.
 */
function sentencesOf(text: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at] ?? '';
    if (char === '“') depth++;
    else if (char === '”') depth = Math.max(0, depth - 1);
    else if (depth === 0 && /[.!?।…]/u.test(char) && /\s/.test(text[at + 1] ?? '')) {
      let end = at + 1;
      while (/\s/.test(text[end] ?? '')) end++;
      pieces.push(text.slice(start, end));
      start = end;
      at = end - 1;
    }
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}

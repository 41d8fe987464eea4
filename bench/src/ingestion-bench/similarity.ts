/**
 * How close our extracted text is to a reference extraction of the same PDF, in words: the Dice
 * coefficient of the longest common subsequence, 2·LCS / (|ours| + |reference|), which is 1 for
 * the same words in the same order and 0 when no word is shared.
 *
 * Our loader does not hand back pages of text: a paragraph runs on across a page break (it is
 * one block whose words belong to two pages) and a footnote waits until the paragraph it
 * interrupts has ended. So the two texts are aligned once, over the whole document, and the
 * alignment is then cut at the reference's page breaks (pdftotext's form feeds): each page counts
 * the reference words on it, our words aligned to them, and our unaligned words in between. The
 * word-weighted mean of the page figures is then exactly the document's 2·LCS / (|a| + |b|).
 */

/**
 * The words of a text as compared: NFKC (ligatures, full-width forms), lower case, and runs of
 * letters, combining marks and digits. Punctuation and whitespace only separate words, so curly
 * against straight quotes or a different dash do not count as different text.
 */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  );
}

/** 2·LCS / (|a| + |b|); 1 when both are empty (nothing to disagree about). */
export function similarity(a: readonly string[], b: readonly string[]): number {
  if (a.length + b.length === 0) return 1;
  const match = alignWords(a, b);
  let common = 0;
  for (const i of match) if (i >= 0) common++;
  return (2 * common) / (a.length + b.length);
}

/**
 * The same Dice coefficient over the words as a multiset, order ignored. Where it is high and the
 * LCS figure low, both sides read the same words in a different order (a table read by rows
 * against by columns), not different text.
 */
export function bagSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length + b.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const word of a) counts.set(word, (counts.get(word) ?? 0) + 1);
  let common = 0;
  for (const word of b) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      common++;
      counts.set(word, left - 1);
    }
  }
  return (2 * common) / (a.length + b.length);
}

/**
 * One longest common subsequence of two word lists, as the index in `a` that each word of `b` is
 * matched to (-1: unmatched); the matched indices increase along `b`.
 */
export function alignWords(a: readonly string[], b: readonly string[]): Int32Array {
  // Integers compare faster than strings in the inner loop, and typed arrays keep it compact.
  const ids = new Map<string, number>();
  const encode = (words: readonly string[]) =>
    Int32Array.from(words, (word) => {
      let id = ids.get(word);
      if (id === undefined) {
        id = ids.size;
        ids.set(word, id);
      }
      return id;
    });
  const left = encode(a);
  const right = encode(b);
  const match = new Int32Array(right.length).fill(-1);
  alignRange(left, 0, left.length, right, 0, right.length, match);
  return match;
}

/**
 * Myers' O(ND) difference algorithm in linear space: trim the common ends, find the middle snake
 * of an optimal edit path (bisect), and solve both sides of it. The pages of a book differ by a
 * few percent of their words, so D stays small and a 50,000-word book aligns in well under a
 * second, where a full dynamic programme would need 50,000² cells.
 */
function alignRange(
  a: Int32Array,
  aStart: number,
  aEnd: number,
  b: Int32Array,
  bStart: number,
  bEnd: number,
  match: Int32Array,
): void {
  let aLo = aStart;
  let aHi = aEnd;
  let bLo = bStart;
  let bHi = bEnd;
  while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) match[bLo++] = aLo++;
  while (aLo < aHi && bLo < bHi && a[aHi - 1] === b[bHi - 1]) match[--bHi] = --aHi;
  if (aLo === aHi || bLo === bHi) return;
  const split = bisect(a, aLo, aHi, b, bLo, bHi);
  if (split === null) return;
  const [x, y] = split;
  alignRange(a, aLo, aLo + x, b, bLo, bLo + y, match);
  alignRange(a, aLo + x, aHi, b, bLo + y, bHi, match);
}

/**
 * The point where the forward and the reverse searches for the shortest edit script meet (Myers
 * 1986, §4b; the same walk as diff-match-patch's diff_bisect). The ranges share no first or last
 * word, so the point lies strictly inside and both halves are smaller than the whole. Null when
 * the searches do not meet by d = ⌈(n + m) / 2⌉ − 1: only when the ranges share no word at all
 * (D = n + m), as any common word makes D ≤ n + m − 2.
 */
function bisect(
  a: Int32Array,
  aLo: number,
  aHi: number,
  b: Int32Array,
  bLo: number,
  bHi: number,
): [number, number] | null {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const maxD = Math.ceil((n + m) / 2);
  const offset = maxD;
  const size = 2 * maxD;
  const forward = new Int32Array(size).fill(-1);
  const reverse = new Int32Array(size).fill(-1);
  forward[offset + 1] = 0;
  reverse[offset + 1] = 0;
  const delta = n - m;
  // With an odd delta the paths can only meet on a forward step, with an even one on a reverse.
  const meetForward = delta % 2 !== 0;
  // Diagonals that ran off the edges of the grid are not walked again.
  let k1Start = 0;
  let k1End = 0;
  let k2Start = 0;
  let k2End = 0;
  const at = (values: Int32Array, index: number) => values[index] ?? -1;
  for (let d = 0; d < maxD; d++) {
    for (let k1 = -d + k1Start; k1 <= d - k1End; k1 += 2) {
      const k1Offset = offset + k1;
      let x1 =
        k1 === -d || (k1 !== d && at(forward, k1Offset - 1) < at(forward, k1Offset + 1))
          ? at(forward, k1Offset + 1)
          : at(forward, k1Offset - 1) + 1;
      let y1 = x1 - k1;
      while (x1 < n && y1 < m && a[aLo + x1] === b[bLo + y1]) {
        x1++;
        y1++;
      }
      forward[k1Offset] = x1;
      if (x1 > n) k1End += 2;
      else if (y1 > m) k1Start += 2;
      else if (meetForward) {
        const k2Offset = offset + delta - k1;
        if (k2Offset >= 0 && k2Offset < size && at(reverse, k2Offset) !== -1) {
          if (x1 >= n - at(reverse, k2Offset)) return [x1, y1];
        }
      }
    }
    for (let k2 = -d + k2Start; k2 <= d - k2End; k2 += 2) {
      const k2Offset = offset + k2;
      let x2 =
        k2 === -d || (k2 !== d && at(reverse, k2Offset - 1) < at(reverse, k2Offset + 1))
          ? at(reverse, k2Offset + 1)
          : at(reverse, k2Offset - 1) + 1;
      let y2 = x2 - k2;
      while (x2 < n && y2 < m && a[aHi - x2 - 1] === b[bHi - y2 - 1]) {
        x2++;
        y2++;
      }
      reverse[k2Offset] = x2;
      if (x2 > n) k2End += 2;
      else if (y2 > m) k2Start += 2;
      else if (!meetForward) {
        const k1Offset = offset + delta - k2;
        if (k1Offset >= 0 && k1Offset < size && at(forward, k1Offset) !== -1) {
          const x1 = at(forward, k1Offset);
          const y1 = offset + x1 - k1Offset;
          if (x1 >= n - x2) return [x1, y1];
        }
      }
    }
  }
  return null;
}

export type PageSimilarity = {
  /** 1-based page number in the reference. */
  page: number;
  referenceWords: number;
  /** Our words assigned to this page through the alignment. */
  oursWords: number;
  matched: number;
  /** 2·matched / (oursWords + referenceWords); null for a page empty in both. */
  similarity: number | null;
};

export type DocumentSimilarity = {
  /** Word-weighted mean over pages = 2·LCS / (|ours| + |reference|) over the document. */
  similarity: number;
  /** The document's words compared as multisets (order ignored): see bagSimilarity. */
  bagSimilarity: number;
  oursWords: number;
  referenceWords: number;
  matched: number;
  pages: PageSimilarity[];
};

/**
 * Our words of a document against the reference's words page by page. An unmatched word of ours
 * belongs to the page of the matched word before it (the first page before any match).
 */
export function documentSimilarity(
  ours: readonly string[],
  referencePages: readonly (readonly string[])[],
): DocumentSimilarity {
  const reference = referencePages.flat();
  const pageOfReference = new Int32Array(reference.length);
  let position = 0;
  referencePages.forEach((words, page) => {
    pageOfReference.fill(page, position, position + words.length);
    position += words.length;
  });
  const match = alignWords(ours, reference);
  const pageOfOurs = new Int32Array(ours.length).fill(-1);
  const matchedOnPage = new Array<number>(referencePages.length).fill(0);
  match.forEach((i, j) => {
    if (i < 0) return;
    const page = pageOfReference[j] ?? 0;
    pageOfOurs[i] = page;
    matchedOnPage[page] = (matchedOnPage[page] ?? 0) + 1;
  });
  const oursOnPage = new Array<number>(referencePages.length).fill(0);
  let current = 0;
  for (const page of pageOfOurs) {
    if (page >= 0) current = page;
    oursOnPage[current] = (oursOnPage[current] ?? 0) + 1;
  }
  const pages = referencePages.map((words, index): PageSimilarity => {
    const oursWords = oursOnPage[index] ?? 0;
    const matched = matchedOnPage[index] ?? 0;
    const total = oursWords + words.length;
    return {
      page: index + 1,
      referenceWords: words.length,
      oursWords,
      matched,
      similarity: total === 0 ? null : (2 * matched) / total,
    };
  });
  const matched = matchedOnPage.reduce((sum, n) => sum + n, 0);
  const total = ours.length + reference.length;
  return {
    similarity: total === 0 ? 1 : (2 * matched) / total,
    bagSimilarity: bagSimilarity(ours, reference),
    oursWords: ours.length,
    referenceWords: reference.length,
    matched,
    pages,
  };
}

/**
 * Which text runs of a PDF page hold the cited passage. pdf.js gives a page's text as runs (one
 * `<span>` each in its text layer) that split words, lines and hyphenated words anywhere, and the
 * quote comes from the server's own extraction of the same page: the two agree on letters and
 * digits, not on spaces, line-end hyphens, curly quotes or dashes. So both are compared as their
 * letters and digits alone, and the quote is matched a stretch at a time: a footnote mark inside
 * it, or a sentence that runs on to the next page, still highlights the part this page holds.
 */

/** Shorter common stretches are not evidence: "ofthecaste" is on most pages of the book. */
const MIN_STRETCH = 16;

/** Runs of a PDF page's text layer, in order (pdf.js's `textContentItemsStr`). */
export function highlightedRuns(runs: readonly string[], quote: string): number[] {
  const wanted = comparable(quote);
  if (wanted.length === 0) return [];
  const { text, owner } = pageText(runs);
  // A short quote must match whole; a long one by stretches of at least MIN_STRETCH.
  const minimum = Math.min(MIN_STRETCH, wanted.length);
  const hit = new Set<number>();
  let from = 0;
  let at = 0;
  while (at <= wanted.length - minimum) {
    const found = longestMatch(text, wanted, at, minimum, from);
    if (!found) {
      at++;
      continue;
    }
    for (let index = found.start; index < found.start + found.length; index++) {
      hit.add(owner[index] as number);
    }
    at += found.length;
    from = found.start + found.length;
  }
  return [...hit].sort((a, b) => a - b);
}

/** Letters, combining marks and digits, in one case and compatibility form (ligatures split). */
export function comparable(value: string): string {
  return value
    .normalize('NFKC')
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '');
}

/** The page's comparable text, and for each of its characters the run it came from. */
function pageText(runs: readonly string[]): { text: string; owner: number[] } {
  let text = '';
  const owner: number[] = [];
  runs.forEach((run, index) => {
    const part = comparable(run);
    text += part;
    for (let count = 0; count < part.length; count++) owner.push(index);
  });
  return { text, owner };
}

/**
 * The longest stretch of `wanted` from `at` found on the page, preferring one after the
 * previous stretch (the quote reads on in page order) and anywhere on the page after that.
 */
function longestMatch(
  text: string,
  wanted: string,
  at: number,
  minimum: number,
  from: number,
): { start: number; length: number } | null {
  for (const start of from > 0 ? [from, 0] : [0]) {
    if (text.indexOf(wanted.slice(at, at + minimum), start) < 0) continue;
    // Any prefix of a stretch found is found too: search for the longest by halving.
    let low = minimum;
    let high = wanted.length - at;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (text.indexOf(wanted.slice(at, at + middle), start) >= 0) low = middle;
      else high = middle - 1;
    }
    return { start: text.indexOf(wanted.slice(at, at + low), start), length: low };
  }
  return null;
}

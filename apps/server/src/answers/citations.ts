/**
 * A model's citation markers, rewritten as its text streams. The prompt numbers the passages
 * [1]..[n]; the reply's sources are the passages actually cited, in the order first cited, so the
 * markers are renumbered to match: the first passage cited becomes [1], the next new one [2].
 * Markers naming no passage ([9] of 6, [0]) are dropped, so no citation points at nothing.
 * Groups such as [2, 5] and [2][5] keep their shape.
 */

/** `[3]`, `[1, 4]`, `[1,4, 6]`: one bracket of citation numbers. */
const MARKER = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;
/** The longest tail that may still grow into a marker: "[", "[1", "[1, 2,". */
const PARTIAL_MARKER = /\[[\d,\s]{0,24}$/;

export class CitationRewriter {
  private readonly passageCount: number;
  private pending = '';
  /** Passage indexes (0-based), in the order first cited. */
  readonly cited: number[] = [];

  constructor(passageCount: number) {
    this.passageCount = passageCount;
  }

  /** Takes the next piece of model text; returns what can be shown now. */
  push(text: string): string {
    this.pending += text;
    const partial = PARTIAL_MARKER.exec(this.pending);
    const cut = partial ? partial.index : this.pending.length;
    const ready = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut);
    return this.rewrite(ready);
  }

  /** The held-back tail, at the end of the stream. */
  flush(): string {
    const rest = this.rewrite(this.pending);
    this.pending = '';
    return rest;
  }

  private rewrite(text: string): string {
    return text.replace(MARKER, (_marker, numbers: string) => {
      const kept = numbers
        .split(',')
        .map((n) => Number(n.trim()))
        .filter((n) => n >= 1 && n <= this.passageCount)
        .map((n) => this.citationNumber(n - 1));
      return kept.length > 0 ? `[${[...new Set(kept)].join(', ')}]` : '';
    });
  }

  private citationNumber(passageIndex: number): number {
    let at = this.cited.indexOf(passageIndex);
    if (at === -1) at = this.cited.push(passageIndex) - 1;
    return at + 1;
  }
}

/**
 * The cited sources' rows in the reader's order, most relevant first (the spec's sort; ties keep
 * their citation order, as the web app's list does): for each row, the citation number it had.
 */
export function scoreOrder(scores: readonly number[]): number[] {
  return scores
    .map((score, index) => ({ score, citation: index + 1 }))
    .sort((a, b) => b.score - a.score || a.citation - b.citation)
    .map((entry) => entry.citation);
}

/**
 * The answer with each marker renumbered to its row (issue #29: [n] is the n-th row of the
 * sources list); `order[k]` is the citation number row k+1 had. Groups keep their shape.
 */
export function renumberCitations(text: string, order: readonly number[]): string {
  const row = new Map(order.map((citation, at) => [citation, at + 1]));
  return text.replace(MARKER, (marker, numbers: string) => {
    const renumbered = numbers.split(',').map((n) => row.get(Number(n.trim())));
    return renumbered.every((n) => n !== undefined) ? `[${renumbered.join(', ')}]` : marker;
  });
}

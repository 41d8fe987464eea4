import { presentSource } from '../presenters/source-presenter.ts';
import type { Passage } from '../retrieval/passage.ts';

/**
 * The quoted passages as the reader's list shows them, most relevant first (the spec sorts the
 * list by score; ties keep the order they are quoted in, as the web app's list does), and each
 * passage's citation number: its row in that list, so [n] is the n-th row (issue #29).
 */
export function numberedSources(groups: Array<Array<{ passageRank: number }>>, top: Passage[]) {
  const ranks: number[] = [];
  for (const group of groups) {
    const rank = group[0]?.passageRank;
    if (rank !== undefined && top[rank] && !ranks.includes(rank)) ranks.push(rank);
  }
  const presented = ranks.map((rank) => ({ rank, source: presentSource(top[rank] as Passage) }));
  // Array.prototype.sort is stable: equal scores keep their quoted order.
  presented.sort((a, b) => b.source.score - a.source.score);
  return {
    sources: presented.map((entry) => entry.source),
    citationOf: new Map(presented.map((entry, at) => [entry.rank, at + 1])),
  };
}

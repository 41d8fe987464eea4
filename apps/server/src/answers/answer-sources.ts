import type { Source } from '@samvad/contracts/sources';
import { presentSource } from '../presenters/source-presenter.ts';
import type { Passage } from '../retrieval/passage.ts';

/**
 * The quoted passages as the reader's list shows them, most relevant first (the spec sorts the
 * list by score; ties keep the order they are quoted in, as the web app's list does), and each
 * passage's citation number: its row in that list, so [n] is the n-th row (issue #29). Passages
 * shown as one (copies of the same words: work-copies.ts) share one row.
 */
export function numberedSources(groups: Array<Array<{ passageRank: number }>>, shown: Passage[]) {
  const ranks: number[] = [];
  for (const group of groups) {
    const rank = group[0]?.passageRank;
    if (rank !== undefined && shown[rank] && !ranks.includes(rank)) ranks.push(rank);
  }
  const rows: Array<{ id: string; source: Source }> = [];
  for (const rank of ranks) {
    const passage = shown[rank] as Passage;
    if (!rows.some((row) => row.id === passage.id))
      rows.push({ id: passage.id, source: presentSource(passage) });
  }
  // Array.prototype.sort is stable: equal scores keep their quoted order.
  rows.sort((a, b) => b.source.score - a.source.score);
  const rowOf = (rank: number) => rows.findIndex((row) => row.id === shown[rank]?.id) + 1;
  return {
    sources: rows.map((row) => row.source),
    citationOf: new Map(ranks.map((rank) => [rank, rowOf(rank)])),
  };
}

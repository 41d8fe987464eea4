import type { Source } from '@samvad/contracts/sources';
import { presentSource } from '../presenters/source-presenter.ts';
import type { Passage } from '../retrieval/passage.ts';

/**
 * Every passage the answer read, as the reader's list shows them: most relevant first (the spec
 * sorts the list by score; ties keep the order they are quoted in, as the web app's list does),
 * and each quoted passage's citation number: its row in that list, so [n] is the n-th row (issue
 * #29). Passages read but not quoted stay in the list, in their place by score, and the web app
 * marks them "Also read" (no marker points at them): the five passages are what the answer was
 * drawn from, as a search engine's sources are, and `POST /api/chat`'s sources keep saying where
 * the question is answered when the quote comes from the second-best passage. Passages shown as
 * one (copies of the same words, shown from one file: work-copies.ts) share one row.
 */
export function numberedSources(groups: Array<Array<{ passageRank: number }>>, shown: Passage[]) {
  const ranks: number[] = [];
  for (const group of groups) {
    const rank = group[0]?.passageRank;
    if (rank !== undefined && shown[rank] && !ranks.includes(rank)) ranks.push(rank);
  }
  const rows: Array<{ id: string; source: Source }> = [];
  const quotedFirst = [...ranks.map((rank) => shown[rank] as Passage), ...shown];
  for (const passage of quotedFirst) {
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

import { describe, expect, it } from 'vitest';
import type { Passage } from './passage.ts';
import { scoresInRankOrder } from './passage-of.ts';

const passage = (id: string, score: number) => ({ id, score }) as unknown as Passage;

describe('scoresInRankOrder', () => {
  it('never shows a passage a higher score than the one ranked above it', () => {
    // The hybrid's display scores: BM25's share where BM25 found the passage, so the third
    // fused passage (found by both sides, lower by RRF) can show more than the second.
    const shown = scoresInRankOrder([
      passage('a', 0.71),
      passage('b', 0.4),
      passage('c', 0.93),
      passage('d', 0.2),
    ]);
    expect(shown.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
    const scores = shown.map((p) => p.score);
    expect(scores[0]).toBe(0.71);
    expect(scores[1]).toBe(0.4);
    expect(scores[2]).toBeLessThan(0.4);
    expect(scores[2]).toBeGreaterThan(0.39);
    expect(scores[3]).toBe(0.2);
    // Sorted by score (as the sources list is), the list keeps retrieval's order.
    expect([...shown].sort((x, y) => y.score - x.score).map((p) => p.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('keeps scores that already fall, and never goes below 0', () => {
    const ordered = [passage('a', 0.9), passage('b', 0.5)];
    expect(scoresInRankOrder(ordered)).toEqual(ordered);
    expect(scoresInRankOrder([passage('a', 0), passage('b', 0.3)]).map((p) => p.score)).toEqual([
      0, 0,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { buildLines, type RawTextItem } from './pdf-lines.ts';

const item = (str: string, x: number, y: number): RawTextItem => ({
  str,
  transform: [10, 0, 0, 10, x, y],
  width: str.length * 5,
});

describe('buildLines', () => {
  it('keeps one of a word drawn over itself, and every copy drawn elsewhere', () => {
    const lines = buildLines(
      [
        item('Bold', 72, 700),
        item('Bold', 72.4, 700.4),
        item('Bold', 72, 650),
        item('Bold', 140, 650),
      ],
      1,
    );
    expect(lines.map((line) => line.text)).toEqual(['Bold', 'Bold Bold']);
  });

  it('stays linear when one word is drawn everywhere on a page (a hostile PDF)', () => {
    // 40,000 copies of one word at distinct places: compared all with all, this is 8e8 pairs.
    const items = Array.from({ length: 40_000 }, (_, i) =>
      item('caste', 20 + (i % 200) * 30, 10 + Math.floor(i / 200) * 12),
    );
    // No clock here (timings belong in benchmarks): compared all with all, this takes minutes
    // and the test's timeout fails it.
    const lines = buildLines(items, 1);
    expect(lines).toHaveLength(200);
    expect(lines.every((line) => line.text.split(' ').length === 200)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { fullTime, relativeTime } from './relative-time.ts';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('relativeTime', () => {
  it('reads seconds as now, then minutes, hours and days', () => {
    expect(relativeTime(ago(30_000), now)).toBe('now');
    expect(relativeTime(ago(-5000), now)).toBe('now');
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5m');
    expect(relativeTime(ago(3 * 3_600_000 + 59_000), now)).toBe('3h');
    expect(relativeTime(ago(6 * 86_400_000), now)).toBe('6d');
  });

  it('gives the date after a week, with the year only for other years', () => {
    expect(relativeTime('2026-11-03T12:00:00Z', now)).toBe('Nov 3');
    expect(relativeTime('2025-11-03T12:00:00Z', now)).toBe('Nov 3, 2025');
  });

  it('reads nothing for a date it cannot parse', () => {
    expect(relativeTime('not a date', now)).toBe('');
    expect(fullTime('not a date')).toBe('');
    expect(fullTime('2026-11-03T12:00:00Z')).toMatch(/Nov 3, 2026/);
  });
});

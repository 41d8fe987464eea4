import { describe, expect, it } from 'vitest';
import { formatDay, niceMax, usageChart, usageSummary } from './usage-chart.ts';

const days = [
  { date: '2026-05-01', requests: 2, guestRequests: 1 },
  { date: '2026-05-02', requests: 0, guestRequests: 0 },
  { date: '2026-05-03', requests: 6, guestRequests: 3 },
  { date: '2026-05-04', requests: 1, guestRequests: 0 },
];

describe('niceMax', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 40, 51, 999].map(niceMax)).toEqual([
      1, 1, 2, 5, 10, 10, 20, 50, 100, 1000,
    ]);
  });
});

describe('usageChart', () => {
  it('stacks guests on members for all users, scaled to a round maximum', () => {
    const chart = usageChart(days, { width: 400, height: 100, withGuests: true });
    expect(chart.max).toBe(10);
    expect(chart.total).toBe(13);
    expect(chart.peak).toEqual({ date: '2026-05-03', count: 9 });
    const busiest = chart.bars[2];
    expect(busiest?.members).toEqual({ y: 40, height: 60 });
    expect(busiest?.guests).toEqual({ y: 10, height: 30 });
    expect(chart.bars[1]?.members.height).toBe(0);
    expect(chart.bars.map((bar) => bar.x)).toEqual([1, 101, 201, 301]);
    expect(chart.bars[0]?.width).toBe(98);
  });

  it("counts only the user's requests when one user is shown", () => {
    const chart = usageChart(days, { width: 400, height: 100, withGuests: false });
    expect(chart.total).toBe(9);
    expect(chart.max).toBe(10);
    expect(chart.bars.every((bar) => bar.guests.height === 0)).toBe(true);
  });

  it('has no peak when nothing was asked', () => {
    const quiet = days.map((day) => ({ ...day, requests: 0, guestRequests: 0 }));
    const chart = usageChart(quiet, { width: 400, height: 100, withGuests: true });
    expect(chart.peak).toBeNull();
    expect(chart.max).toBe(1);
    expect(usageSummary(chart, 30, 'all users')).toBe(
      'Requests per day over the last 30 days, all users: 0 in total.',
    );
  });
});

describe('usageSummary and formatDay', () => {
  it('names the total and the busiest day', () => {
    const chart = usageChart(days, { width: 400, height: 100, withGuests: true });
    expect(usageSummary(chart, 30, 'all users', 'en-US')).toBe(
      'Requests per day over the last 30 days, all users: 13 in total, at most 9 on May 3.',
    );
    expect(formatDay('2026-12-25', 'en-US')).toBe('Dec 25');
    expect(formatDay('yesterday')).toBe('yesterday');
  });
});

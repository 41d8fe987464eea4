import type { DailyUsageResponse } from '@samvad/contracts/admin';

export type UsageDay = DailyUsageResponse['days'][number];

export interface UsageBar {
  date: string;
  x: number;
  width: number;
  /** Members' requests (or the selected user's), drawn from the baseline up. */
  members: { y: number; height: number };
  /** Guests' requests, stacked on top of the members' (height 0 for one user). */
  guests: { y: number; height: number };
  total: number;
}

export interface UsageChart {
  bars: UsageBar[];
  /** The top of the scale: a round number at or above the busiest day. */
  max: number;
  total: number;
  /** The busiest day, or null when there were no requests at all. */
  peak: { date: string; count: number } | null;
}

/** The smallest of 1, 2, 5 × 10ⁿ at or above `value` (at least 1), for a readable scale. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

const dayTotal = (day: UsageDay, withGuests: boolean) =>
  day.requests + (withGuests ? day.guestRequests : 0);

/**
 * Bars for requests per day in a `width` × `height` box (SVG units, y down). With `withGuests`
 * (all users) guests' requests stack on the members'; for one user only theirs count.
 */
export function usageChart(
  days: readonly UsageDay[],
  { width, height, withGuests }: { width: number; height: number; withGuests: boolean },
): UsageChart {
  const totals = days.map((day) => dayTotal(day, withGuests));
  const busiest = Math.max(0, ...totals);
  const max = niceMax(busiest);
  const slot = days.length > 0 ? width / days.length : width;
  const gap = Math.min(2, slot * 0.2);
  const scale = (count: number) => (count / max) * height;

  const bars = days.map((day, index) => {
    const membersHeight = scale(day.requests);
    const guestsHeight = withGuests ? scale(day.guestRequests) : 0;
    return {
      date: day.date,
      x: index * slot + gap / 2,
      width: Math.max(slot - gap, 0),
      members: { y: height - membersHeight, height: membersHeight },
      guests: { y: height - membersHeight - guestsHeight, height: guestsHeight },
      total: totals[index] ?? 0,
    };
  });
  const peakIndex = busiest > 0 ? totals.indexOf(busiest) : -1;
  const peakDay = days[peakIndex];
  return {
    bars,
    max,
    total: totals.reduce((sum, count) => sum + count, 0),
    peak: peakDay ? { date: peakDay.date, count: busiest } : null,
  };
}

/** A `YYYY-MM-DD` day in the reader's locale ("May 3"); the text itself when malformed. */
export function formatDay(date: string, locale?: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return day.toLocaleDateString(locale, { month: 'short', day: 'numeric' });
}

/** The chart in one sentence, for screen readers (the table beside it has every day). */
export function usageSummary(chart: UsageChart, days: number, who: string, locale?: string) {
  const head = `Requests per day over the last ${days} days, ${who}: ${chart.total} in total`;
  if (!chart.peak) return `${head}.`;
  return `${head}, at most ${chart.peak.count} on ${formatDay(chart.peak.date, locale)}.`;
}

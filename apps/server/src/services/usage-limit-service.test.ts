import { describe, expect, it } from 'vitest';
import { dayWindow, monthWindow, nextDayStart, RateLimitError } from './usage-limit-service.ts';

describe('calendar windows', () => {
  it('names the local day and month of an instant', () => {
    const instant = new Date('2025-01-31T20:00:00Z');
    expect(dayWindow(instant, 'UTC')).toBe('2025-01-31');
    expect(monthWindow(instant, 'UTC')).toBe('2025-01');
    // 01:30 on 1 February in India (UTC+05:30).
    expect(dayWindow(instant, 'Asia/Kolkata')).toBe('2025-02-01');
    expect(monthWindow(instant, 'Asia/Kolkata')).toBe('2025-02');
    expect(dayWindow(instant, 'America/Los_Angeles')).toBe('2025-01-31');
  });

  it('finds the next local midnight', () => {
    expect(nextDayStart(new Date('2025-06-10T12:00:00Z'), 'UTC').toISOString()).toBe(
      '2025-06-11T00:00:00.000Z',
    );
    expect(nextDayStart(new Date('2025-06-10T12:00:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2025-06-10T18:30:00.000Z',
    );
    expect(nextDayStart(new Date('2025-06-10T18:29:59.999Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2025-06-10T18:30:00.000Z',
    );
    expect(nextDayStart(new Date('2025-06-10T18:30:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2025-06-11T18:30:00.000Z',
    );
  });

  it('follows daylight saving time', () => {
    // New York springs forward on 9 March 2025: that day has 23 hours.
    expect(nextDayStart(new Date('2025-03-09T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2025-03-10T04:00:00.000Z',
    );
    expect(nextDayStart(new Date('2025-03-08T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2025-03-09T05:00:00.000Z',
    );
  });

  it('starts the day at 01:00 where the clocks skip midnight', () => {
    // Havana, 10 March 2024: 23:59:59 (UTC-5) is followed by 01:00 (UTC-4).
    expect(nextDayStart(new Date('2024-03-09T20:00:00Z'), 'America/Havana').toISOString()).toBe(
      '2024-03-10T05:00:00.000Z',
    );
  });
});

describe('RateLimitError', () => {
  it('is a 429 with the spec texts', () => {
    const error = new RateLimitError('request', 25, 25);
    expect(error.statusCode).toBe(429);
    expect(error.code).toBe('rate_limited');
    expect(error.message).toBe(
      "You've reached the maximum of 25 requests per day. Please try again tomorrow.",
    );
    expect(new RateLimitError('message', 20, 20).message).toBe(
      "You've reached the maximum of 20 messages in this conversation. Please start a new conversation to continue.",
    );
    expect(new RateLimitError('conversation', 5, 5).message).toBe(
      "You've reached the maximum of 5 conversations. Please archive or delete existing conversations before creating new ones.",
    );
  });
});

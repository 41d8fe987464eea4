import { describe, expect, it } from 'vitest';
import {
  datetimeLocalToIso,
  findUserLimit,
  formatLimit,
  parseLimit,
  parseMaxConversations,
  toDatetimeLocal,
  userLimitSubmissionOf,
  userLimitValuesOf,
} from './limit-values.ts';

describe('parseLimit (spec §5)', () => {
  it('parses integers, -1 included', () => {
    expect(parseLimit('25')).toBe(25);
    expect(parseLimit(' 7 ')).toBe(7);
    expect(parseLimit('-1')).toBe(-1);
    expect(parseLimit('0')).toBe(0);
  });

  it('reads a leading integer as parseInt does', () => {
    expect(parseLimit('12abc')).toBe(12);
    expect(parseLimit('1.9')).toBe(1);
  });

  it('turns empty or invalid text into 0', () => {
    expect(parseLimit('')).toBe(0);
    expect(parseLimit('   ')).toBe(0);
    expect(parseLimit('many')).toBe(0);
    expect(parseLimit('∞')).toBe(0);
  });
});

describe('parseMaxConversations (spec §5)', () => {
  it('turns empty or invalid text into -1 (unlimited)', () => {
    expect(parseMaxConversations('')).toBe(-1);
    expect(parseMaxConversations('lots')).toBe(-1);
  });

  it('keeps an explicit 0, and other integers', () => {
    expect(parseMaxConversations('0')).toBe(0);
    expect(parseMaxConversations('10')).toBe(10);
    expect(parseMaxConversations('-1')).toBe(-1);
  });
});

describe('formatLimit', () => {
  it('shows -1 as the infinity symbol and other values as numbers', () => {
    expect(formatLimit(-1)).toBe('∞');
    expect(formatLimit(0)).toBe('0');
    expect(formatLimit(25)).toBe('25');
  });
});

describe('datetime-local values', () => {
  it('loads an ISO time as local time, truncated to 16 characters', () => {
    const iso = new Date(2026, 4, 1, 9, 5, 42).toISOString();
    expect(toDatetimeLocal(iso)).toBe('2026-05-01T09:05');
    expect(toDatetimeLocal(iso)).toHaveLength(16);
  });

  it('loads nothing for a missing or invalid time', () => {
    expect(toDatetimeLocal(null)).toBe('');
    expect(toDatetimeLocal('')).toBe('');
    expect(toDatetimeLocal('not a time')).toBe('');
  });

  it('sends the local time as ISO, and round-trips with the loader', () => {
    expect(datetimeLocalToIso('2026-05-01T09:05')).toBe(new Date(2026, 4, 1, 9, 5).toISOString());
    const iso = datetimeLocalToIso('2026-12-31T23:59');
    expect(toDatetimeLocal(iso)).toBe('2026-12-31T23:59');
  });

  it('sends null for an empty or malformed value', () => {
    expect(datetimeLocalToIso('')).toBeNull();
    expect(datetimeLocalToIso('tomorrow')).toBeNull();
    expect(datetimeLocalToIso('2026-13-45T99:99')).toBeNull();
  });
});

describe('userLimitSubmissionOf', () => {
  const values = {
    userKey: ' asha@example.org ',
    maxRequestsPerDay: '1',
    maxMessagesPerConversation: '',
    maxConversations: '',
    isRestricted: false,
    banReason: 'ignored',
    bannedUntil: '2026-05-01T09:05',
  };

  it("requires the user: 'User ID is required'", () => {
    expect(userLimitSubmissionOf({ ...values, userKey: '  ' })).toEqual({
      error: 'User ID is required',
    });
  });

  it('parses the limits and drops the reason and end time without a restriction', () => {
    expect(userLimitSubmissionOf(values)).toEqual({
      userKey: 'asha@example.org',
      request: {
        maxRequestsPerDay: 1,
        maxMessagesPerConversation: 0,
        maxConversations: -1,
        isRestricted: false,
        banReason: null,
        bannedUntil: null,
      },
    });
  });

  it('sends a restriction with its trimmed reason and ISO end time (null when empty)', () => {
    const restricted = { ...values, isRestricted: true, banReason: '  Spam  ' };
    expect(userLimitSubmissionOf(restricted)).toMatchObject({
      request: {
        isRestricted: true,
        banReason: 'Spam',
        bannedUntil: new Date(2026, 4, 1, 9, 5).toISOString(),
      },
    });
    expect(userLimitSubmissionOf({ ...restricted, banReason: ' ', bannedUntil: '' })).toMatchObject(
      { request: { banReason: null, bannedUntil: null } },
    );
  });
});

describe('userLimitValuesOf and findUserLimit', () => {
  const limit = {
    userId: 'u1',
    userEmail: 'Asha@Example.org',
    maxRequestsPerDay: 1,
    maxMessagesPerConversation: 50,
    maxConversations: -1,
    isRestricted: true,
    banReason: null,
    bannedUntil: new Date(2026, 0, 2, 3, 4, 5).toISOString(),
  };

  it('loads a stored limit into the form, the end time truncated to 16 characters', () => {
    expect(userLimitValuesOf(limit)).toEqual({
      userKey: 'Asha@Example.org',
      maxRequestsPerDay: '1',
      maxMessagesPerConversation: '50',
      maxConversations: '-1',
      isRestricted: true,
      banReason: '',
      bannedUntil: '2026-01-02T03:04',
    });
    expect(userLimitValuesOf({ ...limit, userEmail: null }).userKey).toBe('u1');
  });

  it('finds a limit by id or by email in any case', () => {
    expect(findUserLimit([limit], 'u1')).toBe(limit);
    expect(findUserLimit([limit], ' asha@example.ORG ')).toBe(limit);
    expect(findUserLimit([limit], 'u2')).toBeUndefined();
    expect(findUserLimit([limit], '')).toBeUndefined();
    expect(findUserLimit(undefined, 'u1')).toBeUndefined();
  });
});

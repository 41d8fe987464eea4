import { describe, expect, it } from 'vitest';
import { formatLogDetails, formatValue, humanizeKey } from './log-details.ts';

describe('formatLogDetails', () => {
  it('shows what changed between before and after', () => {
    expect(formatLogDetails({ before: { role: 'user' }, after: { role: 'admin' } })).toEqual([
      'role: user → admin',
    ]);
  });

  it('leaves out unchanged fields and names keys in words', () => {
    expect(
      formatLogDetails({
        before: { banned: false, banReason: null, bannedUntil: null },
        after: { banned: true, banReason: 'Spam', bannedUntil: null },
      }),
    ).toEqual(['banned: false → true', 'ban reason: none → Spam']);
  });

  it('marks fields that appear or disappear, and says when nothing changed', () => {
    expect(
      formatLogDetails({ before: { maxRequestsPerDay: 1 }, after: { maxConversations: -1 } }),
    ).toEqual(['max conversations: — → -1', 'max requests per day: 1 → —']);
    expect(formatLogDetails({ before: { role: 'admin' }, after: { role: 'admin' } })).toEqual([
      'no change',
    ]);
  });

  it('lists other facts after the changes', () => {
    expect(
      formatLogDetails({ before: { a: 1 }, after: { a: 2 }, fileName: 'speech.pdf', size: 3 }),
    ).toEqual(['a: 1 → 2', 'file name: speech.pdf', 'size: 3']);
  });

  it('shows facts only, and nothing for empty details', () => {
    expect(formatLogDetails({ username: 'root', reason: null })).toEqual([
      'username: root',
      'reason: none',
    ]);
    expect(formatLogDetails({ before: 'text' })).toEqual(['before: text']);
    expect(formatLogDetails({})).toEqual([]);
  });

  it('keeps markup as text', () => {
    expect(formatLogDetails({ note: '<img src=x onerror=alert(1)>' })).toEqual([
      'note: <img src=x onerror=alert(1)>',
    ]);
  });
});

describe('formatValue', () => {
  it('writes objects as compact JSON and cuts long values', () => {
    expect(formatValue({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(formatValue('')).toBe('""');
    const long = formatValue('x'.repeat(500));
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('humanizeKey', () => {
  it('splits camelCase and underscores', () => {
    expect(humanizeKey('maxMessagesPerConversation')).toBe('max messages per conversation');
    expect(humanizeKey('target_user_id')).toBe('target user id');
  });
});

describe('formatLogDetails with nested groups', () => {
  const limits = { maxRequestsPerDay: 25, maxMessagesPerConversation: 50, maxConversations: -1 };

  it('writes one line per changed field of a group', () => {
    expect(
      formatLogDetails({
        before: { limits, banned: false },
        after: { limits: { ...limits, maxRequestsPerDay: 1 }, banned: false },
      }),
    ).toEqual(['limits › max requests per day: 25 → 1']);
  });

  it('reads a group that appears or is removed as fields from or to none', () => {
    expect(formatLogDetails({ before: { limits }, after: { limits: null } })).toEqual([
      'limits › max requests per day: 25 → none',
      'limits › max messages per conversation: 50 → none',
      'limits › max conversations: -1 → none',
    ]);
    expect(formatLogDetails({ before: { limits: null }, after: { limits } })[0]).toBe(
      'limits › max requests per day: none → 25',
    );
  });
});

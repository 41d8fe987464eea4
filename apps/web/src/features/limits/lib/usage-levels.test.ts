import { describe, expect, it } from 'vitest';
import { limitsRecord } from '../test/limits-record.ts';
import {
  alertingUsage,
  formatLimit,
  highestLevel,
  INPUT_DISABLED_PLACEHOLDER,
  limitAnimation,
  limitDialogText,
  limitUsageLine,
  RESET_HINTS,
  resetHint,
  shouldShowLimitDialog,
  USAGE_LEVEL_TITLES,
  USAGE_REACHED_TEXTS,
  usageBannerDetail,
  usageChipLabel,
  usageChipText,
  usageLevel,
  usageStateOf,
} from './usage-levels.ts';

describe('usageLevel', () => {
  it.each([
    [0, 100, 'none'],
    [79, 100, 'none'],
    [80, 100, 'warning'],
    [94, 100, 'warning'],
    [95, 100, 'almost'],
    [99, 100, 'almost'],
    [100, 100, 'reached'],
    [101, 100, 'reached'],
  ] as const)('%i of %i is %s', (used, limit, level) => {
    expect(usageLevel(used, limit)).toBe(level);
  });

  it.each([
    // The guest defaults, where the boundaries fall on whole messages and requests.
    [15, 20, 'none'],
    [16, 20, 'warning'],
    [18, 20, 'warning'],
    [19, 20, 'almost'],
    [20, 20, 'reached'],
    [19, 25, 'none'],
    [20, 25, 'warning'],
    [23, 25, 'warning'],
    [24, 25, 'almost'],
    [25, 25, 'reached'],
  ] as const)('%i of %i is %s', (used, limit, level) => {
    expect(usageLevel(used, limit)).toBe(level);
  });

  it('keeps fractions below a threshold under it (79.9% is not a warning, 94.9% not almost)', () => {
    expect(usageLevel(799, 1000)).toBe('none');
    expect(usageLevel(949, 1000)).toBe('warning');
    expect(usageLevel(999, 1000)).toBe('almost');
  });

  it('never alerts for an unlimited (-1) limit, however much is used', () => {
    expect(usageLevel(0, -1)).toBe('none');
    expect(usageLevel(1_000_000, -1)).toBe('none');
  });

  it('counts a zero limit as reached', () => {
    expect(usageLevel(0, 0)).toBe('reached');
  });
});

describe('highestLevel', () => {
  it('picks the most severe level', () => {
    expect(highestLevel()).toBe('none');
    expect(highestLevel('none', 'warning')).toBe('warning');
    expect(highestLevel('almost', 'warning')).toBe('almost');
    expect(highestLevel('warning', 'reached', 'almost')).toBe('reached');
  });
});

describe('banner texts', () => {
  it('has the spec titles', () => {
    expect(USAGE_LEVEL_TITLES).toEqual({
      warning: 'Rate limit warning',
      almost: 'Rate limit almost reached',
      reached: 'Rate limit reached',
    });
  });

  it('has the spec disabled texts and placeholder', () => {
    expect(USAGE_REACHED_TEXTS.requests).toBe("You've reached your daily request limit");
    expect(USAGE_REACHED_TEXTS.messages).toBe(
      "You've reached the maximum messages for this conversation",
    );
    expect(INPUT_DISABLED_PLACEHOLDER).toBe('Input disabled due to rate limit');
  });

  it('resets daily requests tomorrow and messages in a new conversation', () => {
    expect(resetHint('requests')).toBe('tomorrow');
    expect(resetHint('messages')).toBe('in a new conversation');
    expect(Object.values(RESET_HINTS)).toEqual([
      'tomorrow',
      'in the next hour',
      'in a new conversation',
      'next month',
    ]);
  });

  it('says how much is used before the limit, and that it is used up at it', () => {
    expect(usageBannerDetail('requests', 'warning', 20, 25)).toBe(
      '20 of 25 requests used today. Resets tomorrow.',
    );
    expect(usageBannerDetail('messages', 'almost', 19, 20)).toBe(
      '19 of 20 messages used in this conversation. Resets in a new conversation.',
    );
    expect(usageBannerDetail('requests', 'reached', 25, 25)).toBe(
      "You've reached your daily request limit. Resets tomorrow.",
    );
    expect(usageBannerDetail('messages', 'reached', 20, 20)).toBe(
      "You've reached the maximum messages for this conversation. Resets in a new conversation.",
    );
  });

  it('writes the chip texts and their full labels', () => {
    expect(usageChipText('messages', 18, 20)).toBe('18/20 messages');
    expect(usageChipText('requests', 24, 25)).toBe('24/25 requests today');
    expect(usageChipLabel('messages', 18, 20)).toBe('18 of 20 messages used in this conversation');
    expect(usageChipLabel('requests', 24, 25)).toBe('24 of 25 requests used today');
  });
});

describe('usageStateOf', () => {
  it('blocks nothing without a record', () => {
    expect(usageStateOf(undefined, 50)).toEqual({
      requestLevel: 'none',
      messageLevel: 'none',
      inputDisabled: false,
      disabledPlaceholder: undefined,
    });
  });

  it('reads daily requests from the record and messages from the count passed in', () => {
    const state = usageStateOf(limitsRecord({ requestsUsedDay: 20, totalMessagesSent: 99 }), 19);
    expect(state.requestLevel).toBe('warning');
    expect(state.messageLevel).toBe('almost');
    expect(state.inputDisabled).toBe(false);
    expect(state.disabledPlaceholder).toBeUndefined();
  });

  it('disables the input when the daily requests are used up', () => {
    const state = usageStateOf(limitsRecord({ requestsUsedDay: 25 }), 0);
    expect(state.requestLevel).toBe('reached');
    expect(state.inputDisabled).toBe(true);
    expect(state.disabledPlaceholder).toBe('Input disabled due to rate limit');
  });

  it('disables the input when the conversation is full', () => {
    const state = usageStateOf(limitsRecord(), 20);
    expect(state.messageLevel).toBe('reached');
    expect(state.inputDisabled).toBe(true);
    expect(state.disabledPlaceholder).toBe('Input disabled due to rate limit');
  });

  it('never blocks unlimited limits', () => {
    const unlimited = limitsRecord({
      maxRequestsPerDay: -1,
      maxMessagesPerConversation: -1,
      requestsUsedDay: 500,
    });
    expect(usageStateOf(unlimited, 500)).toMatchObject({
      requestLevel: 'none',
      messageLevel: 'none',
      inputDisabled: false,
    });
  });
});

describe('alertingUsage', () => {
  it('lists only the limits at 80% or more, requests first', () => {
    expect(alertingUsage(limitsRecord({ requestsUsedDay: 19 }), 15)).toEqual([]);
    expect(alertingUsage(limitsRecord({ requestsUsedDay: 20 }), 16)).toEqual([
      { kind: 'requests', used: 20, limit: 25, level: 'warning' },
      { kind: 'messages', used: 16, limit: 20, level: 'warning' },
    ]);
    expect(alertingUsage(limitsRecord(), 20)).toEqual([
      { kind: 'messages', used: 20, limit: 20, level: 'reached' },
    ]);
    expect(alertingUsage(undefined, 20)).toEqual([]);
  });
});

describe('limitDialogText', () => {
  it('has the spec texts per type, with the limit filled in', () => {
    expect(limitDialogText('conversation', 5)).toEqual({
      title: 'Conversation Limit Reached',
      description:
        "You've reached the maximum of 5 conversations. Please archive or delete existing conversations before creating new ones.",
    });
    expect(limitDialogText('message', 20)).toEqual({
      title: 'Message Limit Reached',
      description:
        "You've reached the maximum of 20 messages in this conversation. Please start a new conversation to continue.",
    });
    expect(limitDialogText('request', 25)).toEqual({
      title: 'Request Limit Reached',
      description: "You've reached the maximum of 25 requests per day. Please try again tomorrow.",
    });
  });

  it('says 1 conversation, 1 message, 1 request: the noun agrees with the number', () => {
    expect(limitDialogText('conversation', 1).description).toBe(
      "You've reached the maximum of 1 conversation. Please archive or delete existing conversations before creating new ones.",
    );
    expect(limitDialogText('message', 1).description).toBe(
      "You've reached the maximum of 1 message in this conversation. Please start a new conversation to continue.",
    );
    expect(limitDialogText('request', 1).description).toBe(
      "You've reached the maximum of 1 request per day. Please try again tomorrow.",
    );
    expect(limitDialogText('request', 0).description).toContain('maximum of 0 requests per day');
  });

  it('tells a guest to sign in, not to archive or delete', () => {
    expect(limitDialogText('conversation', 5, 'guest')).toEqual({
      title: 'Conversation Limit Reached',
      description:
        "You've reached the maximum of 5 conversations. Sign in to keep more conversations.",
    });
    // Only the conversation limit gives advice a guest cannot follow.
    expect(limitDialogText('message', 20, 'guest')).toEqual(limitDialogText('message', 20));
  });

  it('falls back to the generic pair for an unknown type', () => {
    expect(limitDialogText('tokens', 3)).toEqual({
      title: 'Rate Limit Reached',
      description: 'You have reached your rate limit. Please try again later.',
    });
  });

  it('speaks of unlimited access for -1', () => {
    for (const type of ['conversation', 'message', 'request', 'other']) {
      const text = limitDialogText(type, -1);
      expect(text.description).toMatch(/unlimited access/);
      expect(text.description).not.toMatch(/-1/);
      expect(text.title).not.toMatch(/Reached/);
    }
  });
});

describe('the usage line and the dialog rules', () => {
  it("shows 'Current usage: {used} / {limit}' with ∞ for unlimited", () => {
    expect(limitUsageLine(5, 5)).toBe('Current usage: 5 / 5');
    expect(limitUsageLine(12, -1)).toBe('Current usage: 12 / ∞');
    expect(formatLimit(-1)).toBe('∞');
    expect(formatLimit(0)).toBe('0');
  });

  it('animates by type: shake, pulse, spin', () => {
    expect(limitAnimation('conversation')).toBe('shake');
    expect(limitAnimation('message')).toBe('pulse');
    expect(limitAnimation('request')).toBe('spin');
    expect(limitAnimation('unknown')).toBe('pulse');
  });

  it('opens the dialog for a payload, never for none or an unlimited limit', () => {
    expect(shouldShowLimitDialog(null)).toBe(false);
    expect(shouldShowLimitDialog({ limit: -1 })).toBe(false);
    expect(shouldShowLimitDialog({ limit: 5 })).toBe(true);
    expect(shouldShowLimitDialog({ limit: 0 })).toBe(true);
  });
});

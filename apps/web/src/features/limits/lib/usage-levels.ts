import type { UserRateLimits } from '@samvad/contracts/limits';

/** Spec §4 "Usage alert levels", from calm to blocking. */
export type UsageLevel = 'none' | 'warning' | 'almost' | 'reached';

const LEVEL_ORDER: readonly UsageLevel[] = ['none', 'warning', 'almost', 'reached'];

/** The two limits the chat shows usage for: daily requests and messages in one conversation. */
export type UsageKind = 'requests' | 'messages';

/** -1 is the contract's "unlimited"; any other negative is nonsense and is read the same way. */
export function isUnlimited(limit: number): boolean {
  return limit < 0;
}

/**
 * The alert level for `used` of `limit`: under 80% none, 80–94% warning, 95–99% almost,
 * 100% (or more) reached; unlimited is always none. Integer arithmetic, so 19/20 is exactly 95%.
 */
export function usageLevel(used: number, limit: number): UsageLevel {
  if (isUnlimited(limit)) return 'none';
  if (used >= limit) return 'reached';
  if (used * 100 >= limit * 95) return 'almost';
  if (used * 100 >= limit * 80) return 'warning';
  return 'none';
}

/** The more severe of the levels. */
export function highestLevel(...levels: UsageLevel[]): UsageLevel {
  return levels.reduce<UsageLevel>(
    (highest, level) =>
      LEVEL_ORDER.indexOf(level) > LEVEL_ORDER.indexOf(highest) ? level : highest,
    'none',
  );
}

// --- Spec §8 "Usage banners" ---------------------------------------------------------------

export const USAGE_LEVEL_TITLES: Record<Exclude<UsageLevel, 'none'>, string> = {
  warning: 'Rate limit warning',
  almost: 'Rate limit almost reached',
  reached: 'Rate limit reached',
};

/** What the banner says once a limit blocks the input. */
export const USAGE_REACHED_TEXTS: Record<UsageKind, string> = {
  requests: "You've reached your daily request limit",
  messages: "You've reached the maximum messages for this conversation",
};

export const INPUT_DISABLED_PLACEHOLDER = 'Input disabled due to rate limit';

/**
 * When a limit's count starts again. The spec lists all four hints; only 'day' (daily requests)
 * and 'conversation' (messages per conversation) belong to a limit of ours today.
 */
export const RESET_HINTS = {
  day: 'tomorrow',
  hour: 'in the next hour',
  conversation: 'in a new conversation',
  month: 'next month',
} as const;

export type ResetPeriod = keyof typeof RESET_HINTS;

export const USAGE_RESET_PERIOD: Record<UsageKind, ResetPeriod> = {
  requests: 'day',
  messages: 'conversation',
};

export function resetHint(kind: UsageKind): string {
  return RESET_HINTS[USAGE_RESET_PERIOD[kind]];
}

/** The chip's short text, e.g. '18/20 messages' or '24/25 requests today'. */
export function usageChipText(kind: UsageKind, used: number, limit: number): string {
  return kind === 'requests' ? `${used}/${limit} requests today` : `${used}/${limit} messages`;
}

/** The chip's full sentence for screen readers and the hover tooltip. */
export function usageChipLabel(kind: UsageKind, used: number, limit: number): string {
  return kind === 'requests'
    ? `${used} of ${limit} requests used today`
    : `${used} of ${limit} messages used in this conversation`;
}

/**
 * The banner's line for one limit: how much is used (or that it is used up) and when it
 * resets, e.g. '20 of 25 requests used today. Resets tomorrow.'
 */
export function usageBannerDetail(
  kind: UsageKind,
  level: UsageLevel,
  used: number,
  limit: number,
): string {
  const head = level === 'reached' ? USAGE_REACHED_TEXTS[kind] : usageChipLabel(kind, used, limit);
  return `${head}. Resets ${resetHint(kind)}.`;
}

// --- What the chat screen derives from the record ------------------------------------------

export interface UsageState {
  requestLevel: UsageLevel;
  messageLevel: UsageLevel;
  /** True when either limit is reached (spec §4): the message box must not send. */
  inputDisabled: boolean;
  /** The message box's placeholder while disabled, else undefined. */
  disabledPlaceholder: string | undefined;
}

/**
 * Levels for the daily requests and for the messages sent in the current conversation. The
 * record does not carry the per-conversation count, so the caller passes it. No record yet
 * (loading, or the call failed) blocks nothing.
 */
export function usageStateOf(
  limits: UserRateLimits | undefined,
  conversationMessageCount: number,
): UsageState {
  const requestLevel = limits
    ? usageLevel(limits.requestsUsedDay, limits.maxRequestsPerDay)
    : 'none';
  const messageLevel = limits
    ? usageLevel(conversationMessageCount, limits.maxMessagesPerConversation)
    : 'none';
  const inputDisabled = requestLevel === 'reached' || messageLevel === 'reached';
  return {
    requestLevel,
    messageLevel,
    inputDisabled,
    disabledPlaceholder: inputDisabled ? INPUT_DISABLED_PLACEHOLDER : undefined,
  };
}

/** One limit's numbers, as the chip and the banner show them. */
export interface UsageEntry {
  kind: UsageKind;
  used: number;
  limit: number;
  level: UsageLevel;
}

/** Requests first, then messages; only the ones at warning or above. */
export function alertingUsage(
  limits: UserRateLimits | undefined,
  conversationMessageCount: number,
): UsageEntry[] {
  if (!limits) return [];
  const entries: Omit<UsageEntry, 'level'>[] = [
    { kind: 'requests', used: limits.requestsUsedDay, limit: limits.maxRequestsPerDay },
    { kind: 'messages', used: conversationMessageCount, limit: limits.maxMessagesPerConversation },
  ];
  return entries
    .map((entry) => ({ ...entry, level: usageLevel(entry.used, entry.limit) }))
    .filter((entry) => entry.level !== 'none');
}

// --- Spec §8 "Limit dialog (status 429)" ----------------------------------------------------

export interface LimitDialogText {
  title: string;
  description: string;
}

/**
 * Guests cannot archive or delete (they have no saved list), so the spec's advice is replaced by
 * the one way to more conversations open to them.
 */
export const GUEST_CONVERSATION_ADVICE = 'Sign in to keep more conversations.';

/** '1 message', '5 messages': the spec's texts with the noun agreeing with the number. */
export function countOf(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/**
 * Title and text for a 429 of `type`; unknown types get the generic pair. A guest's
 * conversation limit says to sign in instead of the archive/delete advice they cannot follow.
 */
export function limitDialogText(
  type: string,
  limit: number,
  audience: 'guest' | 'member' = 'member',
): LimitDialogText {
  if (isUnlimited(limit)) {
    // The dialog never opens for an unlimited limit; this is what it would say if asked.
    return { title: 'Unlimited Access', description: unlimitedText(type) };
  }
  switch (type) {
    case 'conversation':
      return {
        title: 'Conversation Limit Reached',
        description: `You've reached the maximum of ${countOf(limit, 'conversation')}. ${
          audience === 'guest'
            ? GUEST_CONVERSATION_ADVICE
            : 'Please archive or delete existing conversations before creating new ones.'
        }`,
      };
    case 'message':
      return {
        title: 'Message Limit Reached',
        description: `You've reached the maximum of ${countOf(limit, 'message')} in this conversation. Please start a new conversation to continue.`,
      };
    case 'request':
      return {
        title: 'Request Limit Reached',
        description: `You've reached the maximum of ${countOf(limit, 'request')} per day. Please try again tomorrow.`,
      };
    default:
      return {
        title: 'Rate Limit Reached',
        description: 'You have reached your rate limit. Please try again later.',
      };
  }
}

function unlimitedText(type: string): string {
  switch (type) {
    case 'conversation':
      return 'You have unlimited access to conversations.';
    case 'message':
      return 'You have unlimited access to messages in this conversation.';
    case 'request':
      return 'You have unlimited access to requests.';
    default:
      return 'You have unlimited access.';
  }
}

/** A limit as shown to people: the number, or '∞' for unlimited. */
export function formatLimit(limit: number): string {
  return isUnlimited(limit) ? '∞' : String(limit);
}

export function limitUsageLine(used: number, limit: number): string {
  return `Current usage: ${used} / ${formatLimit(limit)}`;
}

/** Spec §4: shake for conversation, pulse for message, spin for request. */
export type LimitAnimation = 'shake' | 'pulse' | 'spin';

export function limitAnimation(type: string): LimitAnimation {
  if (type === 'conversation') return 'shake';
  if (type === 'request') return 'spin';
  // 'message', and the gentlest motion for a type the spec does not name.
  return 'pulse';
}

/** Whether a 429 payload should open the dialog at all (never for an unlimited limit). */
export function shouldShowLimitDialog(limit: { limit: number } | null): boolean {
  return limit !== null && !isUnlimited(limit.limit);
}

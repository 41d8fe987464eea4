/** Spec admin-community §3, §9: -1 means unlimited. */
export const UNLIMITED = -1;

/**
 * Spec §5: a limit input parses as an integer; empty or invalid text becomes 0. Parsed the way
 * the spec's client did (`parseInt`), so "12abc" is 12 and "1.9" is 1.
 */
export function parseLimit(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isNaN(value) ? 0 : value;
}

/**
 * Spec §5: max conversations parses the same way, except that empty or invalid text becomes -1
 * (unlimited); an explicit 0 stays 0.
 */
export function parseMaxConversations(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isNaN(value) ? UNLIMITED : value;
}

/** Spec §5: -1 is shown as the infinity symbol. */
export function formatLimit(value: number): string {
  return value === UNLIMITED ? '∞' : value.toLocaleString();
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * An ISO time for a `datetime-local` input. The input has no time zone, so the time is written
 * in the browser's local time (what `datetimeLocalToIso` reads back), then truncated to 16
 * characters (`YYYY-MM-DDTHH:mm`) as spec §4 and §9 say. Empty for none or an invalid time.
 */
export function toDatetimeLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local =
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return local.slice(0, 16);
}

/** A `datetime-local` value (local time) as an ISO time for the server; null when empty or invalid. */
export function datetimeLocalToIso(value: string): string | null {
  const trimmed = value.trim();
  // Only the input's own shape: `new Date` reads a date-time without an offset as local time.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(trimmed)) return null;
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The three limits as the forms hold them: text, as typed. */
export interface LimitTexts {
  maxRequestsPerDay: string;
  maxMessagesPerConversation: string;
  maxConversations: string;
}

export interface LimitNumbers {
  maxRequestsPerDay: number;
  maxMessagesPerConversation: number;
  maxConversations: number;
}

/** The form's texts for stored limits. */
export function limitTextsOf(limits: LimitNumbers): LimitTexts {
  return {
    maxRequestsPerDay: String(limits.maxRequestsPerDay),
    maxMessagesPerConversation: String(limits.maxMessagesPerConversation),
    maxConversations: String(limits.maxConversations),
  };
}

/** Spec §5's parsing of the three inputs. */
export function parseLimitTexts(texts: LimitTexts): LimitNumbers {
  return {
    maxRequestsPerDay: parseLimit(texts.maxRequestsPerDay),
    maxMessagesPerConversation: parseLimit(texts.maxMessagesPerConversation),
    maxConversations: parseMaxConversations(texts.maxConversations),
  };
}

/** The per-user limits form (Rate Limits tab). */
export interface UserLimitValues extends LimitTexts {
  /** A user id or an email address. */
  userKey: string;
  isRestricted: boolean;
  banReason: string;
  /** A `datetime-local` value. */
  bannedUntil: string;
}

export interface UserLimitSubmission {
  userKey: string;
  request: LimitNumbers & {
    isRestricted: boolean;
    banReason: string | null;
    bannedUntil: string | null;
  };
}

/**
 * Checks and converts the per-user form: the user is required ("User ID is required", spec §5);
 * the reason and end time only go with a restriction (empty ones are sent as null).
 */
export function userLimitSubmissionOf(
  values: UserLimitValues,
): { error: string } | UserLimitSubmission {
  const userKey = values.userKey.trim();
  if (!userKey) return { error: 'User ID is required' };
  const restricted = values.isRestricted;
  return {
    userKey,
    request: {
      ...parseLimitTexts(values),
      isRestricted: restricted,
      banReason: restricted ? values.banReason.trim() || null : null,
      bannedUntil: restricted ? datetimeLocalToIso(values.bannedUntil) : null,
    },
  };
}

/** A stored custom limit as the per-user form shows it (the email when known: easier to read). */
export function userLimitValuesOf(limit: {
  userId: string;
  userEmail: string | null;
  maxRequestsPerDay: number;
  maxMessagesPerConversation: number;
  maxConversations: number;
  isRestricted: boolean;
  banReason: string | null;
  bannedUntil: string | null;
}): UserLimitValues {
  return {
    userKey: limit.userEmail ?? limit.userId,
    ...limitTextsOf(limit),
    isRestricted: limit.isRestricted,
    banReason: limit.banReason ?? '',
    bannedUntil: toDatetimeLocal(limit.bannedUntil),
  };
}

/** The custom limit of the user named by id or email (emails compare case-insensitively). */
export function findUserLimit<Limit extends { userId: string; userEmail: string | null }>(
  limits: readonly Limit[] | undefined,
  userKey: string,
): Limit | undefined {
  const key = userKey.trim();
  if (!key) return undefined;
  const email = key.toLowerCase();
  return limits?.find((limit) => limit.userId === key || limit.userEmail?.toLowerCase() === email);
}

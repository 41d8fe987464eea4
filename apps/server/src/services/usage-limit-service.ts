import {
  GUEST_LIMITS,
  type LimitKind,
  UNLIMITED,
  type UserRateLimits,
} from '@samvad/contracts/limits';
import type { Database } from '../db/database.ts';
import type { Actor } from '../http/actor.ts';
import { AppError } from '../http/app-error.ts';
import { findMemberLimits, type Limits } from '../repositories/limit-settings-repository.ts';
import {
  addToLockedCounters,
  type CounterKey,
  guestKeysThatSaw,
  incrementCounter,
  lockCounters,
  messageCounts,
  readCounters,
  recordGuestConversation,
  subtractFromCounters,
  takeMemberUnit,
} from '../repositories/usage-repository.ts';

/** 429 with the spec's payload: which limit, how much of it is used, and the limit. */
export class RateLimitError extends AppError {
  override name = 'RateLimitError';
  readonly type: LimitKind;
  readonly used: number;
  readonly limit: number;

  constructor(type: LimitKind, used: number, limit: number) {
    super('rate_limited', refusalMessage(type, limit));
    this.type = type;
    this.used = used;
    this.limit = limit;
  }
}

/** The community actions limited per member and hour; likes and reposts share 'like'. */
export type HourlyAction = 'post' | 'follow' | 'like' | 'username';

const HOURLY_REFUSALS: Record<HourlyAction, (limit: number) => string> = {
  post: (limit) => `You can make at most ${limit} posts an hour.`,
  follow: (limit) => `You can make at most ${limit} follows an hour.`,
  like: (limit) => `You can give at most ${limit} likes and reposts an hour.`,
  username: (limit) =>
    `You can change your username at most ${limit} ${limit === 1 ? 'time' : 'times'} an hour.`,
};

/** 429 of a community abuse limit: at most so many posts, follows, … per member and hour. */
export class HourlyLimitError extends AppError {
  override name = 'HourlyLimitError';
  readonly kind: HourlyAction;

  constructor(kind: HourlyAction, limit: number) {
    super('rate_limited', `${HOURLY_REFUSALS[kind](limit)} Please try again later.`);
    this.kind = kind;
  }
}

/**
 * The spec's limit-dialog texts (§8), so a client without its own copy can show ours; the noun
 * agrees with the number ('1 message', '5 messages').
 */
function refusalMessage(type: LimitKind, limit: number): string {
  const count = (noun: string) => `${limit} ${limit === 1 ? noun : `${noun}s`}`;
  switch (type) {
    case 'conversation':
      return `You've reached the maximum of ${count('conversation')}. Please archive or delete existing conversations before creating new ones.`;
    case 'message':
      return `You've reached the maximum of ${count('message')} in this conversation. Please start a new conversation to continue.`;
    case 'request':
      return `You've reached the maximum of ${count('request')} per day. Please try again tomorrow.`;
  }
}

export type ConsumeOptions = {
  /** Required for 'message' (and for a guest's 'conversation'): the conversation it is about. */
  conversationId?: string;
  now: Date;
  /** LIMITS_TIMEZONE: whose calendar days the daily windows are. */
  timezone: string;
};

/** Members: their override, else the global default. Guests: the spec's anonymous defaults. */
export function limitsFor(db: Database, actor: Actor): Promise<Limits> {
  return actor.kind === 'user'
    ? findMemberLimits(db, actor.user.id)
    : Promise.resolve(GUEST_LIMITS);
}

/**
 * Takes one unit of `kind` for the actor, or throws RateLimitError when none is left. Counting
 * and checking are one conditional upsert (members) or row locks on both counters (guests, whose
 * cookie and IP counters are both checked and both counted), so parallel calls never overshoot;
 * the metric counters are updated in the same statement (members) or transaction (guests). `db` may be a caller's transaction,
 * so that the unit is given back if the caller's work fails. The caller checks that the actor
 * may use `conversationId`.
 */
export async function checkAndConsume(
  db: Database,
  actor: Actor,
  kind: LimitKind,
  options: ConsumeOptions,
): Promise<void> {
  const limit = limitOf(await limitsFor(db, actor), kind);
  if (actor.kind === 'guest' && kind === 'conversation') {
    const guest = guestSubjects(actor);
    return consumeGuestConversation(
      db,
      [guest.id, guest.ip],
      conversationIdOf(options),
      limit,
      options.now,
    );
  }
  const counters = countersFor(actor, kind, options);
  if (actor.kind === 'user') {
    const key = counters.limited[0] as CounterKey;
    const unit = { limited: key, limit, alsoCounted: counters.alsoCounted };
    // The upsert inserts a missing counter unchecked, so a limit of 0 never reaches it.
    if (limit !== 0 && (await takeMemberUnit(db, unit, actor.user.id, options.now)) !== null)
      return;
    const [used = 0] = await readCounters(db, [key]);
    throw new RateLimitError(kind, used, limit);
  }
  await db.transaction(async (tx) => {
    const used = await takeGuestUnit(tx, counters.limited, limit, options.now);
    if (used !== null) throw new RateLimitError(kind, used, limit);
    for (const key of counters.alsoCounted) await incrementCounter(tx, key, UNLIMITED, options.now);
  });
}

/**
 * Gives back the day's request unit that `checkAndConsume` took: a question answered 'not
 * covered' costs nothing (issue #29). Only the counters the daily limit is checked against go
 * back; the monthly and all-time ones (admin metrics) still count the request as made.
 */
export async function giveBackRequest(
  db: Database,
  actor: Actor,
  options: Omit<ConsumeOptions, 'conversationId'>,
): Promise<void> {
  await subtractFromCounters(db, countersFor(actor, 'request', options).limited, options.now);
}

/**
 * The counters a unit is checked against (a member's one, a guest's cookie-and-IP pair, whose
 * higher count applies) and those only kept for the usage display and the admin metrics.
 */
function countersFor(actor: Actor, kind: LimitKind, options: ConsumeOptions) {
  const day = dayWindow(options.now, options.timezone);
  let limited: CounterKey[];
  let alsoCounted: CounterKey[] = [];
  if (actor.kind === 'user') {
    const id = actor.user.id;
    if (kind === 'request') {
      limited = [{ subject: id, kind, window: day }];
      alsoCounted = [
        { subject: id, kind, window: monthWindow(options.now, options.timezone) },
        { subject: id, kind, window: 'all' },
      ];
    } else if (kind === 'message') {
      limited = [{ subject: conversationIdOf(options), kind, window: 'all' }];
    } else {
      limited = [{ subject: id, kind, window: 'all' }];
    }
    return { limited, alsoCounted };
  }
  const guest = guestSubjects(actor);
  alsoCounted = [{ subject: guest.id, kind, window: 'all' }];
  if (kind === 'request') {
    limited = [guest.id, guest.ip].map((subject) => ({ subject, kind, window: day }));
  } else {
    // A guest's conversation id is generated in their browser: prefixed, it cannot collide.
    const id = conversationIdOf(options);
    limited = [`guest-conv:${actor.guestId}:${id}`, `ip-conv:${actor.ip}:${id}`].map((subject) => ({
      subject,
      kind,
      window: 'all',
    }));
  }
  return { limited, alsoCounted };
}

function limitOf(limits: Limits, kind: LimitKind): number {
  if (kind === 'request') return limits.maxRequestsPerDay;
  if (kind === 'message') return limits.maxMessagesPerConversation;
  return limits.maxConversations;
}

function conversationIdOf(options: ConsumeOptions): string {
  if (!options.conversationId) {
    throw new Error('checkAndConsume needs a conversationId for this kind');
  }
  return options.conversationId;
}

/** A guest is counted under their cookie id and under their network, kept apart by prefix. */
function guestSubjects(actor: Extract<Actor, { kind: 'guest' }>) {
  return { id: `guest:${actor.guestId}`, ip: `ip:${actor.ip}` };
}

/** Both counters locked in a fixed order, the higher count checked, both counted. */
async function takeGuestUnit(tx: Database, keys: CounterKey[], limit: number, now: Date) {
  // The pair shares kind and window; only the subjects differ.
  const { kind, window } = keys[0] as CounterKey;
  const subjects = keys.map((key) => key.subject);
  const highest = Math.max(...(await lockCounters(tx, subjects, kind, window, now)));
  if (limit !== UNLIMITED && highest >= limit) return highest;
  await addToLockedCounters(tx, subjects, kind, window, now);
  return null;
}

/**
 * A guest's conversations are the distinct ids their chat requests carried. An id already seen
 * under either key costs nothing (it is recorded under the other key too); a new one needs room
 * under both. The counters mirror the number of recorded ids per key and serve as the locks.
 */
async function consumeGuestConversation(
  db: Database,
  guestKeys: string[],
  conversationId: string,
  limit: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const counts = await lockCounters(tx, guestKeys, 'conversation', 'all', now);
    const seen = await guestKeysThatSaw(tx, guestKeys, conversationId);
    const highest = Math.max(...counts);
    if (seen.length === 0 && limit !== UNLIMITED && highest >= limit) {
      throw new RateLimitError('conversation', highest, limit);
    }
    const unseen = guestKeys.filter((key) => !seen.includes(key));
    await recordGuestConversation(tx, unseen, conversationId, now);
    await addToLockedCounters(tx, unseen, 'conversation', 'all', now);
  });
}

/** GET /api/user/rate-limits: the caller's limits and usage; guests see their real usage. */
export async function getRateLimits(
  db: Database,
  actor: Actor,
  now: Date,
  timezone: string,
): Promise<UserRateLimits> {
  const limits = await limitsFor(db, actor);
  const day = dayWindow(now, timezone);
  const resetsAt = nextDayStart(now, timezone).toISOString();
  if (actor.kind === 'user') {
    const userId = actor.user.id;
    const [[usedToday = 0, requestsTotal = 0, conversationsTotal = 0], messages] =
      await Promise.all([
        readCounters(db, [
          { subject: userId, kind: 'request', window: day },
          { subject: userId, kind: 'request', window: 'all' },
          { subject: userId, kind: 'conversation', window: 'all' },
        ]),
        messageCounts(db, userId),
      ]);
    return {
      ...limits,
      totalRequestsMade: requestsTotal,
      totalMessagesSent: messages.sent,
      totalConversationsCreated: conversationsTotal,
      requestsUsedDay: usedToday,
      resetsAt,
      isGuest: false,
    };
  }
  const guest = guestSubjects(actor);
  const [
    dayById = 0,
    dayByIp = 0,
    requestsTotal = 0,
    messagesTotal = 0,
    convsById = 0,
    convsByIp = 0,
  ] = await readCounters(db, [
    { subject: guest.id, kind: 'request', window: day },
    { subject: guest.ip, kind: 'request', window: day },
    { subject: guest.id, kind: 'request', window: 'all' },
    { subject: guest.id, kind: 'message', window: 'all' },
    { subject: guest.id, kind: 'conversation', window: 'all' },
    { subject: guest.ip, kind: 'conversation', window: 'all' },
  ]);
  return {
    ...limits,
    totalRequestsMade: requestsTotal,
    totalMessagesSent: messagesTotal,
    totalConversationsCreated: Math.max(convsById, convsByIp),
    requestsUsedDay: Math.max(dayById, dayByIp),
    resetsAt,
    isGuest: true,
  };
}

// --- Calendar windows in LIMITS_TIMEZONE ----------------------------------------------------

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function localDate(now: Date, timezone: string): { year: string; month: string; day: string } {
  let format = dateFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timezone, format);
  }
  const part = (type: string) =>
    format.formatToParts(now).find((p) => p.type === type)?.value ?? '';
  return { year: part('year').padStart(4, '0'), month: part('month'), day: part('day') };
}

/** The daily window: the calendar date in the zone, 'YYYY-MM-DD'. */
export function dayWindow(now: Date, timezone: string): string {
  const { year, month, day } = localDate(now, timezone);
  return `${year}-${month}-${day}`;
}

/** The monthly window (metrics): 'YYYY-MM'. */
export function monthWindow(now: Date, timezone: string): string {
  const { year, month } = localDate(now, timezone);
  return `${year}-${month}`;
}

const SEARCH_SPAN_MS = 48 * 60 * 60 * 1000;

/**
 * When the next daily window starts: the first instant whose local date differs from today's.
 * Found by bisection (about 28 formatter calls) rather than offset arithmetic, because some
 * zones skip local midnight on DST days and the next day then starts at 01:00.
 */
export function nextDayStart(now: Date, timezone: string): Date {
  const today = dayWindow(now, timezone);
  let before = now.getTime();
  let after = before + SEARCH_SPAN_MS;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (dayWindow(new Date(middle), timezone) === today) before = middle;
    else after = middle;
  }
  return new Date(after);
}

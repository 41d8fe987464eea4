import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import {
  conversationTotalsOf,
  dailyRequests,
  requestTotalsOf,
} from '../repositories/usage-repository.ts';
import { findUserById } from '../repositories/user-repository.ts';
import { dayWindow, monthWindow, nextDayStart } from './usage-limit-service.ts';

/** One member's usage, for the admin dashboard's User Metrics tab. */
export type UserUsageMetrics = {
  userId: string;
  conversations: { created: number; active: number; archived: number; deleted: number };
  messages: { total: number; inActiveConversations: number };
  requests: { total: number; today: number; thisMonth: number };
  /** The start of the last day with a request: when their daily counter last began afresh. */
  lastMetricsResetDate: string | null;
  lastActiveAt: Date | null;
};

/**
 * Usage of several members in two grouped queries. Conversations and messages are counted from
 * their tables (soft-deleted ones included, as "created" and "deleted"); requests come from the
 * counters checkAndConsume keeps, with "today" and "this month" in LIMITS_TIMEZONE like the
 * daily limit.
 */
export async function listUsageMetrics(
  db: Database,
  users: UserRow[],
  now: Date,
  timezone: string,
): Promise<(UserUsageMetrics & { user: UserRow })[]> {
  const ids = users.map((user) => user.id);
  const [conversations, requests] = await Promise.all([
    conversationTotalsOf(db, ids),
    requestTotalsOf(db, ids, { day: dayWindow(now, timezone), month: monthWindow(now, timezone) }),
  ]);
  return users.map((user) => {
    const c = conversations.get(user.id);
    const r = requests.get(user.id);
    return {
      user,
      userId: user.id,
      conversations: {
        created: c?.created ?? 0,
        active: c?.active ?? 0,
        archived: c?.archived ?? 0,
        deleted: c?.deleted ?? 0,
      },
      messages: { total: c?.messages ?? 0, inActiveConversations: c?.messagesInActive ?? 0 },
      requests: { total: r?.total ?? 0, today: r?.today ?? 0, thisMonth: r?.thisMonth ?? 0 },
      lastMetricsResetDate: r?.lastDay ? dayStart(r.lastDay, timezone) : null,
      lastActiveAt: user.lastActiveAt,
    };
  });
}

export async function getUserUsageMetrics(
  db: Database,
  userId: string,
  now: Date,
  timezone: string,
): Promise<UserUsageMetrics> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('not_found', `No user has the id ${userId}`);
  const [metrics] = await listUsageMetrics(db, [user], now, timezone);
  if (!metrics) throw new Error('listUsageMetrics returned nothing for one user');
  return metrics;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const DAILY_USAGE_DAYS = 30;

/** Requests per day for the last 30 days in LIMITS_TIMEZONE, oldest first, empty days as 0. */
export async function dailyUsage(
  db: Database,
  userId: string | undefined,
  now: Date,
  timezone: string,
): Promise<{ date: string; requests: number; guestRequests: number }[]> {
  // Noon of each day is a safe probe: no zone's DST change moves it to another date.
  const days: string[] = [];
  for (let back = DAILY_USAGE_DAYS - 1; back >= 0; back--) {
    days.push(dayWindow(new Date(now.getTime() - back * DAY_MS), timezone));
  }
  const unique = [...new Set(days)];
  const rows = await dailyRequests(db, unique[0] ?? dayWindow(now, timezone), userId);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return unique.map((date) => ({
    date,
    requests: byDay.get(date)?.members ?? 0,
    guestRequests: userId ? 0 : (byDay.get(date)?.guests ?? 0),
  }));
}

/** ISO instant a 'YYYY-MM-DD' window began in the zone. */
function dayStart(day: string, timezone: string): string {
  // The day before's noon, then the first instant of the next local date.
  const probe = new Date(`${day}T12:00:00Z`);
  return nextDayStart(new Date(probe.getTime() - DAY_MS), timezone).toISOString();
}

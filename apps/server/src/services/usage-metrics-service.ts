import type { Database } from '../db/database.ts';
import {
  conversationCounts,
  findLastActive,
  messageCounts,
  readCounters,
} from '../repositories/usage-repository.ts';
import { dayWindow, monthWindow } from './usage-limit-service.ts';

/** One member's usage, for the admin dashboard's User Metrics tab. */
export type UserUsageMetrics = {
  userId: string;
  conversations: { created: number; active: number; archived: number; deleted: number };
  messages: { total: number; inActiveConversations: number };
  requests: { total: number; today: number; thisMonth: number };
  lastActiveAt: Date | null;
};

/**
 * Conversations and messages are counted from their tables (soft-deleted ones included, as
 * "created" and "deleted"); requests come from the counters checkAndConsume keeps, with
 * "today" and "this month" in LIMITS_TIMEZONE like the daily limit.
 */
export async function getUserUsageMetrics(
  db: Database,
  userId: string,
  now: Date,
  timezone: string,
): Promise<UserUsageMetrics> {
  const [conversations, messages, [total = 0, today = 0, thisMonth = 0], lastActiveAt] =
    await Promise.all([
      conversationCounts(db, userId),
      messageCounts(db, userId),
      readCounters(db, [
        { subject: userId, kind: 'request', window: 'all' },
        { subject: userId, kind: 'request', window: dayWindow(now, timezone) },
        { subject: userId, kind: 'request', window: monthWindow(now, timezone) },
      ]),
      findLastActive(db, userId),
    ]);
  return {
    userId,
    conversations,
    messages: { total: messages.total, inActiveConversations: messages.inActive },
    requests: { total, today, thisMonth },
    lastActiveAt,
  };
}

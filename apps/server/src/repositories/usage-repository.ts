import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { conversations, guestConversations, messages, usageCounters, users } from '../db/schema.ts';

/** One counter: `subject` is whom it counts, `window` a day (YYYY-MM-DD), month or 'all'. */
export type CounterKey = { subject: string; kind: string; window: string };

const UNLIMITED = -1;

const counterTarget = [usageCounters.subject, usageCounters.kind, usageCounters.window];

/**
 * Adds 1 unless the counter already reached `limit` (-1: no limit), in one statement: the
 * upsert's row lock makes concurrent callers queue and re-check the WHERE against the newest
 * count, so exactly the allowed number succeed. Returns the new count, or null when refused.
 * A limit of 0 must be refused by the caller: a missing row is inserted without the check.
 */
export async function incrementCounter(
  db: Database,
  key: CounterKey,
  limit: number,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .insert(usageCounters)
    .values({ ...key, count: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: counterTarget,
      set: { count: sql`${usageCounters.count} + 1`, updatedAt: now },
      ...(limit === UNLIMITED ? {} : { setWhere: sql`${usageCounters.count} < ${limit}` }),
    })
    .returning({ count: usageCounters.count });
  return row?.count ?? null;
}

/** The counts of these counters, in the same order; a missing counter is 0. */
export async function readCounters(db: Database, keys: CounterKey[]): Promise<number[]> {
  const rows = await db
    .select()
    .from(usageCounters)
    .where(
      or(
        ...keys.map((key) =>
          and(
            eq(usageCounters.subject, key.subject),
            eq(usageCounters.kind, key.kind),
            eq(usageCounters.window, key.window),
          ),
        ),
      ),
    );
  return keys.map(
    (key) =>
      rows.find(
        (row) => row.subject === key.subject && row.kind === key.kind && row.window === key.window,
      )?.count ?? 0,
  );
}

/**
 * Inside a transaction: makes sure the counters exist and locks them, always in subject order,
 * so two transactions sharing a subject (two guests behind one IP) queue instead of deadlocking.
 * Returns the counts in the order of `subjects`.
 */
export async function lockCounters(
  tx: Database,
  subjects: string[],
  kind: string,
  window: string,
  now: Date,
): Promise<number[]> {
  const ordered = [...subjects].sort();
  await tx
    .insert(usageCounters)
    .values(ordered.map((subject) => ({ subject, kind, window, count: 0, updatedAt: now })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ subject: usageCounters.subject, count: usageCounters.count })
    .from(usageCounters)
    .where(
      and(
        inArray(usageCounters.subject, ordered),
        eq(usageCounters.kind, kind),
        eq(usageCounters.window, window),
      ),
    )
    .orderBy(usageCounters.subject)
    .for('update');
  return subjects.map((subject) => rows.find((row) => row.subject === subject)?.count ?? 0);
}

/** Adds 1 to counters the caller has locked (see lockCounters). */
export async function addToLockedCounters(
  tx: Database,
  subjects: string[],
  kind: string,
  window: string,
  now: Date,
): Promise<void> {
  if (subjects.length === 0) return;
  await tx
    .update(usageCounters)
    .set({ count: sql`${usageCounters.count} + 1`, updatedAt: now })
    .where(
      and(
        inArray(usageCounters.subject, subjects),
        eq(usageCounters.kind, kind),
        eq(usageCounters.window, window),
      ),
    );
}

/** Which of these guest keys already carried this conversation id. */
export async function guestKeysThatSaw(
  db: Database,
  guestKeys: string[],
  conversationId: string,
): Promise<string[]> {
  const rows = await db
    .select({ guestKey: guestConversations.guestKey })
    .from(guestConversations)
    .where(
      and(
        inArray(guestConversations.guestKey, guestKeys),
        eq(guestConversations.conversationId, conversationId),
      ),
    );
  return rows.map((row) => row.guestKey);
}

export async function recordGuestConversation(
  db: Database,
  guestKeys: string[],
  conversationId: string,
  now: Date,
): Promise<void> {
  if (guestKeys.length === 0) return;
  await db
    .insert(guestConversations)
    .values(guestKeys.map((guestKey) => ({ guestKey, conversationId, createdAt: now })))
    .onConflictDoNothing();
}

export async function touchLastActive(db: Database, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
}

/** A member's conversations by state; deleted ones count as deleted whatever their flag. */
export async function conversationCounts(db: Database, userId: string) {
  const [row] = await db
    .select({
      created: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${isNull(conversations.deletedAt)} and not ${conversations.archived}))::int`,
      archived: sql<number>`(count(*) filter (where ${isNull(conversations.deletedAt)} and ${conversations.archived}))::int`,
      deleted: sql<number>`(count(*) filter (where ${isNotNull(conversations.deletedAt)}))::int`,
    })
    .from(conversations)
    .where(eq(conversations.userId, userId));
  return row ?? { created: 0, active: 0, archived: 0, deleted: 0 };
}

/**
 * Messages in the member's conversations: all of them, those in active conversations (neither
 * archived nor deleted), and those the member sent (role 'user').
 */
export async function messageCounts(db: Database, userId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      inActive: sql<number>`(count(*) filter (where ${isNull(conversations.deletedAt)} and not ${conversations.archived}))::int`,
      sent: sql<number>`(count(*) filter (where ${eq(messages.role, 'user')}))::int`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(conversations.userId, userId));
  return row ?? { total: 0, inActive: 0, sent: 0 };
}

export async function findLastActive(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ lastActiveAt: users.lastActiveAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.lastActiveAt ?? null;
}

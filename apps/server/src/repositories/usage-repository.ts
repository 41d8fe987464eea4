import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { rowsOf } from '../db/migrations.ts';
import { conversations, guestConversations, messages, usageCounters } from '../db/schema.ts';

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

/**
 * A member's unit in one statement: the conditional upsert of `limited` (as incrementCounter),
 * and only when it counted, +1 on each of `alsoCounted` and the member's last-active time. One
 * statement is one atomic step on either engine, and on embedded PGlite, where every statement
 * costs a parse and a plan, six statements and a transaction became one (bench:chat).
 * Returns the new count of `limited`, or null when refused. `limit` must not be 0.
 */
export async function takeMemberUnit(
  db: Database,
  unit: { limited: CounterKey; limit: number; alsoCounted: readonly CounterKey[] },
  userId: string,
  now: Date,
): Promise<number | null> {
  const { limited, limit, alsoCounted } = unit;
  const at = sql`${now.toISOString()}::timestamptz`;
  const onConflict = sql`on conflict (subject, kind, "window") do update
    set count = usage_counters.count + 1, updated_at = excluded.updated_at`;
  const counted =
    alsoCounted.length === 0
      ? sql``
      : sql`, counted as (
    insert into usage_counters (subject, kind, "window", count, updated_at)
    select v.subject, v.kind, v.window, 1, ${at}
      from (values ${sql.join(
        alsoCounted.map((key) => sql`(${key.subject}, ${key.kind}, ${key.window})`),
        sql`, `,
      )}) as v(subject, kind, "window")
     where exists (select 1 from taken)
    ${onConflict})`;
  const result = await db.execute(sql`
    with taken as (
      insert into usage_counters (subject, kind, "window", count, updated_at)
      values (${limited.subject}, ${limited.kind}, ${limited.window}, 1, ${at})
      ${onConflict}
      ${limit === UNLIMITED ? sql`` : sql`where usage_counters.count < ${limit}`}
      returning count
    )${counted}, touched as (
      update users set last_active_at = ${at}
       where id = ${userId} and exists (select 1 from taken)
    )
    select count from taken`);
  const [row] = rowsOf<{ count: number }>(result);
  return row ? Number(row.count) : null;
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

/**
 * Takes 1 back from these counters, never below 0: a unit given back for a request that cost
 * nothing after all (a 'not covered' answer). A missing counter stays missing.
 */
export async function subtractFromCounters(
  db: Database,
  keys: CounterKey[],
  now: Date,
): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(usageCounters)
    .set({ count: sql`greatest(${usageCounters.count} - 1, 0)`, updatedAt: now })
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

export type ConversationTotals = {
  created: number;
  active: number;
  archived: number;
  deleted: number;
  messages: number;
  messagesInActive: number;
};

/** Conversation and message counts for several members: two grouped queries. */
export async function conversationTotalsOf(
  db: Database,
  userIds: string[],
): Promise<Map<string, ConversationTotals>> {
  if (userIds.length === 0) return new Map();
  const live = sql`${isNull(conversations.deletedAt)} and not ${conversations.archived}`;
  const [conversationRows, messageRows] = await Promise.all([
    db
      .select({
        userId: conversations.userId,
        created: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${live}))::int`,
        archived: sql<number>`(count(*) filter (where ${isNull(conversations.deletedAt)} and ${conversations.archived}))::int`,
        deleted: sql<number>`(count(*) filter (where ${isNotNull(conversations.deletedAt)}))::int`,
      })
      .from(conversations)
      .where(inArray(conversations.userId, userIds))
      .groupBy(conversations.userId),
    db
      .select({
        userId: conversations.userId,
        messages: sql<number>`count(*)::int`,
        messagesInActive: sql<number>`(count(*) filter (where ${live}))::int`,
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(inArray(conversations.userId, userIds))
      .groupBy(conversations.userId),
  ]);
  const messageTotals = new Map(messageRows.map(({ userId, ...totals }) => [userId, totals]));
  return new Map(
    conversationRows.map(({ userId, ...totals }) => [
      userId,
      {
        ...totals,
        messages: messageTotals.get(userId)?.messages ?? 0,
        messagesInActive: messageTotals.get(userId)?.messagesInActive ?? 0,
      },
    ]),
  );
}

export type RequestTotals = {
  total: number;
  today: number;
  thisMonth: number;
  /** The last daily window ('YYYY-MM-DD') with a request, or null for none. */
  lastDay: string | null;
};

/** Request counters of several members in one grouped query. */
export async function requestTotalsOf(
  db: Database,
  userIds: string[],
  windows: { day: string; month: string },
): Promise<Map<string, RequestTotals>> {
  if (userIds.length === 0) return new Map();
  const window = usageCounters.window;
  const rows = await db
    .select({
      subject: usageCounters.subject,
      total: sql<number>`coalesce(max(${usageCounters.count}) filter (where ${window} = 'all'), 0)::int`,
      today: sql<number>`coalesce(max(${usageCounters.count}) filter (where ${window} = ${windows.day}), 0)::int`,
      thisMonth: sql<number>`coalesce(max(${usageCounters.count}) filter (where ${window} = ${windows.month}), 0)::int`,
      lastDay: sql<
        string | null
      >`max(${window}) filter (where length(${window}) = 10 and ${usageCounters.count} > 0)`,
    })
    .from(usageCounters)
    .where(and(inArray(usageCounters.subject, userIds), eq(usageCounters.kind, 'request')))
    .groupBy(usageCounters.subject);
  return new Map(rows.map(({ subject, ...totals }) => [subject, totals]));
}

/**
 * Requests per daily window from `fromDay` on (windows sort as text): members' (or one member's)
 * and guests' (their cookie counters; the IP counters count the same requests again).
 */
export async function dailyRequests(
  db: Database,
  fromDay: string,
  userId: string | undefined,
): Promise<{ day: string; members: number; guests: number }[]> {
  const window = usageCounters.window;
  const isGuest = sql`${usageCounters.subject} like 'guest:%'`;
  const isMember = sql`${usageCounters.subject} not like 'guest:%' and ${usageCounters.subject} not like 'ip:%'`;
  return db
    .select({
      day: window,
      members: sql<number>`coalesce(sum(${usageCounters.count}) filter (where ${isMember}), 0)::int`,
      guests: sql<number>`coalesce(sum(${usageCounters.count}) filter (where ${isGuest}), 0)::int`,
    })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.kind, 'request'),
        sql`length(${window}) = 10 and ${window} >= ${fromDay}`,
        userId ? eq(usageCounters.subject, userId) : undefined,
      ),
    )
    .groupBy(window);
}

import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { limitSettings, type UserRow, userLimits, users } from '../db/schema.ts';

export type Limits = {
  maxRequestsPerDay: number;
  maxMessagesPerConversation: number;
  maxConversations: number;
};

/** The migration's seed values: used only if the settings row was removed by hand. */
const SEEDED_DEFAULTS: Limits = {
  maxRequestsPerDay: 100,
  maxMessagesPerConversation: 100,
  maxConversations: -1,
};

/** The global defaults (row id 1). */
export async function findGlobalLimits(db: Database): Promise<Limits> {
  const [row] = await db
    .select({
      maxRequestsPerDay: limitSettings.maxRequestsPerDay,
      maxMessagesPerConversation: limitSettings.maxMessagesPerConversation,
      maxConversations: limitSettings.maxConversations,
    })
    .from(limitSettings)
    .where(eq(limitSettings.id, 1))
    .limit(1);
  return row ?? SEEDED_DEFAULTS;
}

/** A member's limits in one query: each override field, where set, beats the global default. */
export async function findMemberLimits(db: Database, userId: string): Promise<Limits> {
  const [row] = await db
    .select({
      maxRequestsPerDay: sql<number>`coalesce(${userLimits.maxRequestsPerDay}, ${limitSettings.maxRequestsPerDay})`,
      maxMessagesPerConversation: sql<number>`coalesce(${userLimits.maxMessagesPerConversation}, ${limitSettings.maxMessagesPerConversation})`,
      maxConversations: sql<number>`coalesce(${userLimits.maxConversations}, ${limitSettings.maxConversations})`,
    })
    .from(limitSettings)
    .leftJoin(userLimits, eq(userLimits.userId, userId))
    .where(eq(limitSettings.id, 1))
    .limit(1);
  return row ? { ...row } : SEEDED_DEFAULTS;
}

/** Sets some or all global defaults; returns the new values. */
export async function updateGlobalLimits(db: Database, values: Partial<Limits>, now: Date) {
  await db
    .insert(limitSettings)
    .values({ id: 1, ...SEEDED_DEFAULTS, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: limitSettings.id, set: { ...values, updatedAt: now } });
  return findGlobalLimits(db);
}

/** A user's override with unset fields resolved against the global defaults. */
export type UserLimitRow = Limits & { userId: string; updatedAt: Date };

const resolvedUserLimit = {
  userId: userLimits.userId,
  updatedAt: userLimits.updatedAt,
  maxRequestsPerDay: sql<number>`coalesce(${userLimits.maxRequestsPerDay}, ${limitSettings.maxRequestsPerDay}, ${SEEDED_DEFAULTS.maxRequestsPerDay})`,
  maxMessagesPerConversation: sql<number>`coalesce(${userLimits.maxMessagesPerConversation}, ${limitSettings.maxMessagesPerConversation}, ${SEEDED_DEFAULTS.maxMessagesPerConversation})`,
  maxConversations: sql<number>`coalesce(${userLimits.maxConversations}, ${limitSettings.maxConversations}, ${SEEDED_DEFAULTS.maxConversations})`,
};

/** Every override with its user, most recently changed first. */
export function listUserLimits(db: Database): Promise<{ limit: UserLimitRow; user: UserRow }[]> {
  return db
    .select({ limit: resolvedUserLimit, user: users })
    .from(userLimits)
    .innerJoin(users, eq(users.id, userLimits.userId))
    .leftJoin(limitSettings, eq(limitSettings.id, 1))
    .orderBy(desc(userLimits.updatedAt));
}

export async function findUserLimit(db: Database, userId: string): Promise<UserLimitRow | null> {
  const [row] = await db
    .select(resolvedUserLimit)
    .from(userLimits)
    .leftJoin(limitSettings, eq(limitSettings.id, 1))
    .where(eq(userLimits.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function upsertUserLimit(
  db: Database,
  userId: string,
  values: Limits,
  now: Date,
): Promise<UserLimitRow> {
  await db
    .insert(userLimits)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: userLimits.userId, set: { ...values, updatedAt: now } });
  const row = await findUserLimit(db, userId);
  if (!row) throw new Error(`user limit of ${userId} vanished`);
  return row;
}

/** Removes a user's override; false when there was none. */
export async function deleteUserLimit(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .delete(userLimits)
    .where(eq(userLimits.userId, userId))
    .returning({ userId: userLimits.userId });
  return rows.length > 0;
}

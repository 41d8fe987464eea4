import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { limitSettings, userLimits } from '../db/schema.ts';

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

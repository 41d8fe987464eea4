import { asc, count, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { limitSettings, type UserRow, userLimits, users } from '../db/schema.ts';
import { containsPattern } from './like-pattern.ts';

export type UserWithLimits = UserRow & {
  maxRequestsPerDay: number;
  maxMessagesPerConversation: number;
  maxConversations: number;
  customLimits: boolean;
};

function searchOf(query: string | undefined): SQL | undefined {
  if (!query) return undefined;
  const pattern = containsPattern(query);
  return or(
    ilike(users.name, pattern),
    ilike(users.email, pattern),
    ilike(users.username, pattern),
  );
}

function selectUsersWithLimits(db: Database) {
  return db
    .select({
      ...getTableColumns(users),
      maxRequestsPerDay: sql<number>`coalesce(${userLimits.maxRequestsPerDay}, ${limitSettings.maxRequestsPerDay}, 100)`,
      maxMessagesPerConversation: sql<number>`coalesce(${userLimits.maxMessagesPerConversation}, ${limitSettings.maxMessagesPerConversation}, 100)`,
      maxConversations: sql<number>`coalesce(${userLimits.maxConversations}, ${limitSettings.maxConversations}, -1)`,
      customLimits: sql<boolean>`(${userLimits.userId} is not null)`,
    })
    .from(users)
    .leftJoin(userLimits, eq(userLimits.userId, users.id))
    .leftJoin(limitSettings, eq(limitSettings.id, 1));
}

/**
 * Users whose name, email or username contains `query` (case-insensitive), oldest account first,
 * each with their effective limits (override fields beat the global defaults) in the same query.
 */
export function searchUsers(
  db: Database,
  query: string | undefined,
  page: { limit: number; offset: number },
): Promise<UserWithLimits[]> {
  return selectUsersWithLimits(db)
    .where(searchOf(query))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findUserWithLimits(db: Database, id: string): Promise<UserWithLimits | null> {
  const [row] = await selectUsersWithLimits(db).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function countUsers(db: Database, query: string | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(searchOf(query));
  return row?.total ?? 0;
}

/** A user by id, or by email (case-insensitive) when the key holds an `@`. */
export async function findUserByIdOrEmail(db: Database, key: string): Promise<UserRow | null> {
  const where = key.includes('@')
    ? sql`lower(${users.email}) = ${key.toLowerCase()}`
    : eq(users.id, key);
  const [row] = await db.select().from(users).where(where).limit(1);
  return row ?? null;
}

/**
 * The admin rows, locked until the transaction ends, in id order so that two callers taking
 * them never deadlock. A concurrent ban or demotion waits here, and once it may go on it reads
 * the rows as the other left them (PostgreSQL re-reads locked rows under READ COMMITTED).
 */
export function lockAdmins(db: Database): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .for('update');
}

/** Users oldest first, or the one with `userId` (the metrics tab's page). */
export function listUsersById(
  db: Database,
  userId: string | undefined,
  page: { limit: number; offset: number },
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(userId ? eq(users.id, userId) : undefined)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countUsersById(db: Database, userId: string | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(userId ? eq(users.id, userId) : undefined);
  return row?.total ?? 0;
}

import { and, desc, eq, ilike, inArray, ne, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { follows, type ProfileRow, profiles } from '../db/schema.ts';
import { containsPattern } from './like-pattern.ts';

export async function findProfileByUserId(db: Database, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? null;
}

export async function findProfileByUsername(db: Database, username: string) {
  const [row] = await db
    .select()
    .from(profiles)
    .where(sql`lower(${profiles.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findProfilesByUserIds(
  db: Database,
  userIds: string[],
): Promise<Map<string, ProfileRow>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(profiles).where(inArray(profiles.userId, unique));
  return new Map(rows.map((row) => [row.userId, row]));
}

/** Inserts unless the user already has one or the username is taken (null then). */
export async function insertProfile(
  db: Database,
  values: typeof profiles.$inferInsert,
): Promise<ProfileRow | null> {
  const [row] = await db.insert(profiles).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateProfile(
  db: Database,
  userId: string,
  values: Partial<Pick<ProfileRow, 'username' | 'displayName' | 'bio'>>,
  now: Date,
): Promise<ProfileRow> {
  const [row] = await db
    .update(profiles)
    .set({ ...values, updatedAt: now })
    .where(eq(profiles.userId, userId))
    .returning();
  if (!row) throw new Error(`profile of ${userId} vanished`);
  return row;
}

/** Adds `delta` to one of a profile's counts. */
export async function adjustProfileCount(
  db: Database,
  userId: string,
  column: 'postCount' | 'followerCount' | 'followingCount',
  delta: number,
): Promise<number> {
  const target = profiles[column];
  const [row] = await db
    .update(profiles)
    .set({ [column]: sql`greatest(${target} + ${delta}, 0)` })
    .where(eq(profiles.userId, userId))
    .returning({ value: target });
  return row?.value ?? 0;
}

/** The most-followed profiles the viewer does not follow yet, never the viewer's own. */
export function suggestedProfiles(
  db: Database,
  viewerId: string | null,
  limit: number,
): Promise<ProfileRow[]> {
  const notMine: SQL | undefined = viewerId
    ? and(
        ne(profiles.userId, viewerId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(follows)
            .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, profiles.userId))),
        ),
      )
    : undefined;
  return db
    .select()
    .from(profiles)
    .where(notMine)
    .orderBy(desc(profiles.followerCount), desc(profiles.createdAt), desc(profiles.id))
    .limit(limit);
}

/** Profiles whose username or display name contains the text. */
export function searchProfiles(db: Database, text: string, limit: number): Promise<ProfileRow[]> {
  const pattern = containsPattern(text);
  return db
    .select()
    .from(profiles)
    .where(or(ilike(profiles.username, pattern), ilike(profiles.displayName, pattern)))
    .orderBy(desc(profiles.followerCount), desc(profiles.id))
    .limit(limit);
}

/** Which of these users the viewer follows. */
export async function followedAmong(
  db: Database,
  viewerId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, viewerId), inArray(follows.followeeId, userIds)));
  return new Set(rows.map((row) => row.id));
}

export type FollowPosition = { at: string; userId: string };

/** A page of followers (or followings) of a user, newest follow first, with their profiles. */
export async function followPage(
  db: Database,
  userId: string,
  direction: 'followers' | 'following',
  after: FollowPosition | null,
  limit: number,
): Promise<{ profile: ProfileRow; at: Date }[]> {
  const mine = direction === 'followers' ? follows.followeeId : follows.followerId;
  const theirs = direction === 'followers' ? follows.followerId : follows.followeeId;
  const rows = await db
    .select({ profile: profiles, at: follows.createdAt })
    .from(follows)
    .innerJoin(profiles, eq(profiles.userId, theirs))
    .where(
      and(
        eq(mine, userId),
        after
          ? sql`(${follows.createdAt}, ${theirs}) < (${after.at}::timestamptz, ${after.userId})`
          : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(theirs))
    .limit(limit);
  return rows;
}

import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { follows, postLikes, posts, reposts } from '../db/schema.ts';

export type PostCounts = { likeCount: number; repostCount: number };

const countsOf = { likeCount: posts.likeCount, repostCount: posts.repostCount };

async function adjustPostCount(
  db: Database,
  postId: string,
  column: 'likeCount' | 'repostCount',
  delta: number,
): Promise<PostCounts | null> {
  const [row] = await db
    .update(posts)
    .set({ [column]: sql`greatest(${posts[column]} + ${delta}, 0)` })
    .where(eq(posts.id, postId))
    .returning(countsOf);
  return row ?? null;
}

export async function readPostCounts(db: Database, postId: string): Promise<PostCounts | null> {
  const [row] = await db.select(countsOf).from(posts).where(eq(posts.id, postId)).limit(1);
  return row ?? null;
}

/**
 * Like or repost on (`on`) or off, idempotently: the count moves only when a row was really
 * inserted or deleted. A concurrent duplicate waits on the key and then does nothing, so the
 * count always equals the number of rows. Pass a transaction.
 */
export async function togglePostMark(
  tx: Database,
  mark: 'like' | 'repost',
  postId: string,
  userId: string,
  on: boolean,
  now: Date,
): Promise<PostCounts | null> {
  const table = mark === 'like' ? postLikes : reposts;
  const column = mark === 'like' ? 'likeCount' : 'repostCount';
  const changed = on
    ? await tx
        .insert(table)
        .values({ postId, userId, createdAt: now })
        .onConflictDoNothing()
        .returning({ postId: table.postId })
    : await tx
        .delete(table)
        .where(and(eq(table.postId, postId), eq(table.userId, userId)))
        .returning({ postId: table.postId });
  if (changed.length === 0) return readPostCounts(tx, postId);
  return adjustPostCount(tx, postId, column, on ? 1 : -1);
}

export async function hasPostMark(
  db: Database,
  mark: 'like' | 'repost',
  postId: string,
  userId: string,
): Promise<boolean> {
  const table = mark === 'like' ? postLikes : reposts;
  const rows = await db
    .select({ postId: table.postId })
    .from(table)
    .where(and(eq(table.postId, postId), eq(table.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Follows or unfollows; true when a row was really added or removed. Pass a transaction. */
export async function setFollow(
  tx: Database,
  followerId: string,
  followeeId: string,
  on: boolean,
  now: Date,
): Promise<boolean> {
  const changed = on
    ? await tx
        .insert(follows)
        .values({ followerId, followeeId, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: follows.followeeId })
    : await tx
        .delete(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
        .returning({ id: follows.followeeId });
  return changed.length > 0;
}

import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { type CommentRow, comments, type ProfileRow, posts, profiles } from '../db/schema.ts';

export type CommentPosition = { at: string; id: number };

export async function insertComment(db: Database, values: typeof comments.$inferInsert) {
  const [row] = await db.insert(comments).values(values).returning();
  if (!row) throw new Error('insert into comments returned no row');
  await db
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} + 1` })
    .where(eq(posts.id, values.postId));
  return row;
}

export async function findComment(db: Database, id: number): Promise<CommentRow | null> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
  return row ?? null;
}

export async function deleteComment(db: Database, comment: CommentRow): Promise<void> {
  const removed = await db.delete(comments).where(eq(comments.id, comment.id)).returning();
  if (removed.length === 0) return;
  await db
    .update(posts)
    .set({ commentCount: sql`greatest(${posts.commentCount} - 1, 0)` })
    .where(eq(posts.id, comment.postId));
}

/** A post's comments, oldest first (a conversation reads top to bottom). */
export function commentPage(
  db: Database,
  postId: string,
  after: CommentPosition | null,
  limit: number,
): Promise<{ comment: CommentRow; author: ProfileRow }[]> {
  return db
    .select({ comment: comments, author: profiles })
    .from(comments)
    .innerJoin(profiles, eq(profiles.userId, comments.userId))
    .where(
      and(
        eq(comments.postId, postId),
        after
          ? sql`(${comments.createdAt}, ${comments.id}) > (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(limit);
}

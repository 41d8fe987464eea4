import { and, desc, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { rowsOf } from '../db/migrations.ts';
import {
  follows,
  type PostRow,
  type ProfileRow,
  postLikes,
  posts,
  profiles,
  reposts,
} from '../db/schema.ts';
import { containsPattern } from './like-pattern.ts';

export async function insertPost(db: Database, values: typeof posts.$inferInsert) {
  const [row] = await db.insert(posts).values(values).returning();
  if (!row) throw new Error('insert into posts returned no row');
  return row;
}

export async function findPostRow(db: Database, id: string): Promise<PostRow | null> {
  const [row] = await db.select().from(posts).where(eq(posts.id, id)).limit(1);
  return row ?? null;
}

export async function deletePostRow(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
  return rows.length > 0;
}

/** A position in a list ordered by time, then id (both descending). */
export type TimePosition = { at: string; id: string };
export type PostRef = { id: string; at: Date };

const before = (at: SQL | unknown, id: unknown, position: TimePosition | null) =>
  position ? sql`(${at}, ${id}) < (${position.at}::timestamptz, ${position.id})` : undefined;

/** Everyone's posts (or one member's), newest first. */
export function recentPosts(
  db: Database,
  userId: string | undefined,
  after: TimePosition | null,
  limit: number,
): Promise<PostRef[]> {
  return db
    .select({ id: posts.id, at: posts.createdAt })
    .from(posts)
    .where(
      and(userId ? eq(posts.userId, userId) : undefined, before(posts.createdAt, posts.id, after)),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

export const TRENDING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The trending score at `asOf` (docs/decisions/018-community.md):
 * (likes + 2 × reposts) / (age in hours + 2)^1.5 — engagement, decayed by age like Hacker News.
 */
export function trendingScore(asOf: Date) {
  const ageHours = sql`extract(epoch from (${asOf.toISOString()}::timestamptz - ${posts.createdAt})) / 3600`;
  return sql<number>`(${posts.likeCount} + 2 * ${posts.repostCount})::float8 / power(greatest(${ageHours}, 0) + 2, 1.5)`;
}

/** Posts of the 7 days before `asOf`, by trending score; later posts wait for a fresh list. */
export function trendingPosts(
  db: Database,
  asOf: Date,
  offset: number,
  limit: number,
): Promise<PostRef[]> {
  return db
    .select({ id: posts.id, at: posts.createdAt })
    .from(posts)
    .where(
      and(
        gte(posts.createdAt, new Date(asOf.getTime() - TRENDING_WINDOW_MS)),
        lte(posts.createdAt, asOf),
      ),
    )
    .orderBy(desc(trendingScore(asOf)), desc(posts.createdAt), desc(posts.id))
    .limit(limit)
    .offset(offset);
}

export type FeedPosition = { at: string; key: string };
export type FeedEntry = { postId: string; at: Date; repostedBy: string | null; key: string };

/**
 * A member's feed: their own posts, posts by the people they follow, and those people's
 * reposts, newest first. A post reposted by someone followed appears again at the repost's time.
 */
export async function feedEntries(
  db: Database,
  viewerId: string,
  after: FeedPosition | null,
  limit: number,
): Promise<FeedEntry[]> {
  const followed = sql`(select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${viewerId})`;
  const position = after ? sql`where (at, key) < (${after.at}::timestamptz, ${after.key})` : sql``;
  const result = await db.execute(sql`
    select post_id, at, reposted_by, key from (
      select ${posts.id} as post_id, ${posts.createdAt} as at, null::text as reposted_by,
             'p:' || ${posts.id} as key
        from ${posts}
       where ${posts.userId} = ${viewerId} or ${posts.userId} in ${followed}
      union all
      select ${reposts.postId}, ${reposts.createdAt}, ${reposts.userId},
             'r:' || ${reposts.userId} || ':' || ${reposts.postId}
        from ${reposts}
       where ${reposts.userId} in ${followed}
    ) feed
    ${position}
    order by at desc, key desc
    limit ${limit}`);
  type Row = { post_id: string; at: string | Date; reposted_by: string | null; key: string };
  return rowsOf<Row>(result).map((row) => ({
    postId: row.post_id,
    at: new Date(row.at),
    repostedBy: row.reposted_by,
    key: row.key,
  }));
}

/** Posts containing the text, newest first. */
export function searchPostRefs(db: Database, text: string, limit: number): Promise<PostRef[]> {
  const pattern = containsPattern(text);
  return db
    .select({ id: posts.id, at: posts.createdAt })
    .from(posts)
    .where(ilike(posts.content, pattern))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

export type HydratedPost = {
  post: PostRow;
  author: ProfileRow;
  liked: boolean;
  reposted: boolean;
};

/** The posts with their authors' profiles and the viewer's like and repost, in one query. */
export async function hydratePosts(
  db: Database,
  ids: string[],
  viewerId: string | null,
): Promise<Map<string, HydratedPost>> {
  if (ids.length === 0) return new Map();
  const viewer = viewerId ?? '';
  const rows = await db
    .select({
      post: posts,
      author: profiles,
      liked: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewer})`,
      reposted: sql<boolean>`exists (select 1 from ${reposts} where ${reposts.postId} = ${posts.id} and ${reposts.userId} = ${viewer})`,
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.userId, posts.userId))
    .where(inArray(posts.id, ids));
  return new Map(rows.map((row) => [row.post.id, row]));
}

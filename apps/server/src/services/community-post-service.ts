import type {
  createPostRequestSchema,
  Post,
  PostPage,
  PostToggleResponse,
} from '@samvad/contracts/community';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { CommunityMember } from '../http/community-guard.ts';
import { decodeCursor, encodeCursor } from '../http/cursor.ts';
import { presentPost } from '../presenters/community-presenter.ts';
import { hasPostMark, togglePostMark } from '../repositories/interaction-repository.ts';
import {
  deletePostRow,
  type FeedEntry,
  feedEntries,
  findPostRow,
  hydratePosts,
  insertPost,
  type PostRef,
  recentPosts,
  trendingPosts,
} from '../repositories/post-repository.ts';
import { adjustProfileCount, findProfilesByUserIds } from '../repositories/profile-repository.ts';
import { incrementCounter } from '../repositories/usage-repository.ts';
import { randomId } from './conversation-service.ts';
import { type HourlyAction, HourlyLimitError } from './usage-limit-service.ts';

const timePosition = z.object({ at: z.iso.datetime(), id: z.string().max(64) });
const feedPosition = z.object({ at: z.iso.datetime(), key: z.string().max(200) });
const trendingPosition = z.object({
  asOf: z.iso.datetime(),
  offset: z.number().int().min(0).max(10_000),
});

/** The hour an abuse limit counts in (UTC): `YYYY-MM-DDTHH`. */
export function hourWindow(now: Date): string {
  return now.toISOString().slice(0, 13);
}

/** Takes one of the member's hourly units of `kind` in the caller's transaction, or 429. */
export async function takeHourlyUnit(
  tx: Database,
  userId: string,
  kind: HourlyAction,
  limit: number,
  now: Date,
): Promise<void> {
  const taken = await incrementCounter(
    tx,
    { subject: userId, kind, window: hourWindow(now) },
    limit,
    now,
  );
  if (taken === null) throw new HourlyLimitError(kind, limit);
}

export async function createPost(
  db: Database,
  member: CommunityMember,
  input: z.output<typeof createPostRequestSchema>,
  options: { postsPerHour: number; now: Date },
): Promise<Post> {
  const { now } = options;
  const id = randomId();
  await db.transaction(async (tx) => {
    await takeHourlyUnit(tx, member.user.id, 'post', options.postsPerHour, now);
    await insertPost(tx, {
      id,
      userId: member.user.id,
      content: input.content,
      isQuote: input.isQuote,
      quoteSource: input.quoteSource
        ? {
            fileName: input.quoteSource.fileName,
            title: input.quoteSource.title ?? null,
            page: input.quoteSource.page,
            pageLabel: input.quoteSource.pageLabel ?? null,
            link: input.quoteSource.link ?? null,
            speaker: input.quoteSource.speaker ?? null,
          }
        : null,
      createdAt: now,
    });
    await adjustProfileCount(tx, member.user.id, 'postCount', 1);
  });
  return getPost(db, id, member.user.id);
}

export async function getPost(db: Database, id: string, viewerId: string | null): Promise<Post> {
  const hydrated = (await hydratePosts(db, [id], viewerId)).get(id);
  if (!hydrated) throw new AppError('not_found', `No post has the id ${id}`);
  return presentPost(hydrated);
}

/** Authors delete their own posts; admins any. Likes, reposts, comments and saves go with it. */
export async function deletePost(db: Database, user: UserRow, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const post = await findPostRow(tx, id);
    if (!post) throw new AppError('not_found', `No post has the id ${id}`);
    if (post.userId !== user.id && user.role !== 'admin') {
      throw new AppError('forbidden', 'You can only delete your own posts.');
    }
    if (await deletePostRow(tx, id)) await adjustProfileCount(tx, post.userId, 'postCount', -1);
  });
}

/**
 * Like/repost on or off; idempotent, and the counts stay equal to the rows. Turning one on
 * spends an hourly unit (likes and reposts share them), even when it was already on, so a
 * like/unlike loop is bounded; turning off is free.
 */
export async function setPostMark(
  db: Database,
  userId: string,
  postId: string,
  mark: 'like' | 'repost',
  on: boolean,
  options: { likesPerHour: number; now: Date },
): Promise<PostToggleResponse> {
  // Checked first: a like on a missing post would otherwise be a foreign-key failure.
  if (!(await findPostRow(db, postId)))
    throw new AppError('not_found', `No post has the id ${postId}`);
  const counts = await db.transaction(async (tx) => {
    if (on) await takeHourlyUnit(tx, userId, 'like', options.likesPerHour, options.now);
    const changed = await togglePostMark(tx, mark, postId, userId, on, options.now);
    // Thrown inside, so that a post deleted meanwhile costs no unit.
    if (!changed) throw new AppError('not_found', `No post has the id ${postId}`);
    return changed;
  });
  const [liked, reposted] = await Promise.all([
    hasPostMark(db, 'like', postId, userId),
    hasPostMark(db, 'repost', postId, userId),
  ]);
  return { liked, reposted, ...counts };
}

/** Posts in the order of the entries, skipping any deleted since the entries were read. */
async function postsInOrder(
  db: Database,
  entries: { postId: string; key: string; repostedBy: string | null }[],
  viewerId: string | null,
): Promise<Post[]> {
  const hydrated = await hydratePosts(
    db,
    [...new Set(entries.map((entry) => entry.postId))],
    viewerId,
  );
  const reposters = await findProfilesByUserIds(
    db,
    entries.flatMap((entry) => (entry.repostedBy ? [entry.repostedBy] : [])),
  );
  return entries.flatMap((entry) => {
    const post = hydrated.get(entry.postId);
    if (!post) return [];
    const repostedBy = entry.repostedBy ? (reposters.get(entry.repostedBy) ?? null) : null;
    return [presentPost(post, { key: entry.key, repostedBy })];
  });
}

const asEntries = (refs: PostRef[]) =>
  refs.map((ref) => ({ postId: ref.id, key: `p:${ref.id}`, repostedBy: null }));

/** GET /api/community/posts: everyone's or one member's newest first, or trending. */
export async function listPosts(
  db: Database,
  query: {
    userId?: string | undefined;
    sort: 'recent' | 'trending';
    cursor?: string | undefined;
    limit: number;
  },
  viewerId: string | null,
  now: Date,
): Promise<PostPage> {
  if (query.sort === 'trending' && !query.userId) {
    const position = decodeCursor(query.cursor, trendingPosition) ?? {
      asOf: now.toISOString(),
      offset: 0,
    };
    const refs = await trendingPosts(db, new Date(position.asOf), position.offset, query.limit + 1);
    const page = refs.slice(0, query.limit);
    return {
      posts: await postsInOrder(db, asEntries(page), viewerId),
      nextCursor:
        refs.length > query.limit
          ? encodeCursor({ asOf: position.asOf, offset: position.offset + query.limit })
          : null,
    };
  }
  const after = decodeCursor(query.cursor, timePosition);
  const refs = await recentPosts(db, query.userId, after, query.limit + 1);
  const page = refs.slice(0, query.limit);
  const last = page.at(-1);
  return {
    posts: await postsInOrder(db, asEntries(page), viewerId),
    nextCursor:
      refs.length > query.limit && last
        ? encodeCursor({ at: last.at.toISOString(), id: last.id })
        : null,
  };
}

/** Signed in: own posts, followed people's posts and reposts. Signed out: 'Recent Posts'. */
export async function feed(
  db: Database,
  viewerId: string | null,
  query: { cursor?: string | undefined; limit: number },
  now: Date,
): Promise<PostPage> {
  if (!viewerId) return listPosts(db, { ...query, sort: 'recent' }, null, now);
  const after = decodeCursor(query.cursor, feedPosition);
  const entries: FeedEntry[] = await feedEntries(db, viewerId, after, query.limit + 1);
  const page = entries.slice(0, query.limit);
  const last = page.at(-1);
  return {
    posts: await postsInOrder(db, page, viewerId),
    nextCursor:
      entries.length > query.limit && last
        ? encodeCursor({ at: last.at.toISOString(), key: last.key })
        : null,
  };
}

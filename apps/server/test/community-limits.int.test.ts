import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLikes, posts, profiles, reposts } from '../src/db/schema.ts';
import { communityMember, type Member, send } from './support/community-fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue #19: likes, reposts and username changes are limited per member and hour, like posts
// and follows, atomically (parallel requests never take more than the limit).

const LIKES_PER_HOUR = 4;
const USERNAME_CHANGES_PER_HOUR = 2;
const HOUR_MS = 3600_000;

let t: TestApp;
let author: Member;

beforeAll(async () => {
  t = await createTestApp({
    COMMUNITY_POSTS_PER_HOUR: '1000',
    COMMUNITY_LIKES_PER_HOUR: String(LIKES_PER_HOUR),
    COMMUNITY_USERNAME_CHANGES_PER_HOUR: String(USERNAME_CHANGES_PER_HOUR),
  });
  author = await communityMember(t);
});
afterAll(() => t.close());

async function newPosts(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await send(t, author, 'POST', '/api/community/posts', { content: `post ${i}` });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().post.id);
  }
  return ids;
}

const mark = (member: Member, method: 'POST' | 'DELETE', kind: string, postId: string) =>
  send(t, member, method, `/api/community/posts/${postId}/${kind}`);

const rename = (member: Member, username: string) =>
  send(t, member, 'PATCH', '/api/community/profiles/me', { username });

describe('likes and reposts per hour', () => {
  it('share one budget; past it a like or repost is a 429 that names the limit', async () => {
    const member = await communityMember(t);
    const [a, b, c] = (await newPosts(3)) as [string, string, string];
    expect((await mark(member, 'POST', 'like', a)).statusCode).toBe(200);
    expect((await mark(member, 'POST', 'repost', a)).statusCode).toBe(200);
    expect((await mark(member, 'POST', 'like', b)).statusCode).toBe(200);
    expect((await mark(member, 'POST', 'repost', b)).statusCode).toBe(200);
    for (const kind of ['like', 'repost']) {
      const refused = await mark(member, 'POST', kind, c);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toEqual({
        code: 'rate_limited',
        message: `You can give at most ${LIKES_PER_HOUR} likes and reposts an hour. Please try again later.`,
      });
    }
    // Nothing was recorded for the refused ones.
    const liked = await t.database.db.select().from(postLikes).where(eq(postLikes.postId, c));
    expect(liked).toEqual([]);
    // Taking one back is always allowed.
    const unliked = await mark(member, 'DELETE', 'like', a);
    expect(unliked.statusCode).toBe(200);
    expect(unliked.json()).toMatchObject({ liked: false, likeCount: 0 });

    t.clock.advance(HOUR_MS);
    expect((await mark(member, 'POST', 'like', c)).statusCode).toBe(200);
  });

  it('bound a like/unlike loop: every "on" spends a unit, even on a post already liked', async () => {
    const member = await communityMember(t);
    const [post] = (await newPosts(1)) as [string];
    for (let i = 0; i < LIKES_PER_HOUR; i++) {
      expect((await mark(member, 'POST', 'like', post)).statusCode).toBe(200);
      expect((await mark(member, 'DELETE', 'like', post)).statusCode).toBe(200);
    }
    expect((await mark(member, 'POST', 'like', post)).statusCode).toBe(429);
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post));
    expect(row?.likeCount).toBe(0);
  });

  it('let exactly the limit through when many arrive at once', async () => {
    const member = await communityMember(t);
    const ids = await newPosts(24);
    const results = await Promise.all(
      ids.map((id, i) => mark(member, 'POST', i % 2 ? 'like' : 'repost', id)),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIKES_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(ids.length - LIKES_PER_HOUR);
    const [likes, reposted] = await Promise.all([
      t.database.db.select().from(postLikes).where(eq(postLikes.userId, member.id)),
      t.database.db.select().from(reposts).where(eq(reposts.userId, member.id)),
    ]);
    expect(likes.length + reposted.length).toBe(LIKES_PER_HOUR);
  });

  it('are counted per member', async () => {
    const [one, other] = [await communityMember(t), await communityMember(t)];
    const ids = await newPosts(LIKES_PER_HOUR + 1);
    for (const id of ids.slice(0, LIKES_PER_HOUR)) {
      expect((await mark(one, 'POST', 'like', id)).statusCode).toBe(200);
    }
    const last = ids[LIKES_PER_HOUR] as string;
    expect((await mark(one, 'POST', 'like', last)).statusCode).toBe(429);
    expect((await mark(other, 'POST', 'like', last)).statusCode).toBe(200);
  });
});

describe('username changes per hour', () => {
  it('refuses a third rename in the hour; other edits and a taken name cost nothing', async () => {
    const member = await communityMember(t);
    const taken = await rename(member, author.username);
    expect(taken.statusCode).toBe(409);
    // Same name again, and display name or bio edits: no rename, no unit.
    expect((await rename(member, member.username)).statusCode).toBe(200);
    const edited = await send(t, member, 'PATCH', '/api/community/profiles/me', {
      displayName: 'Someone',
      bio: 'Reads a lot',
    });
    expect(edited.statusCode).toBe(200);

    const base = member.username.slice(0, 24);
    expect((await rename(member, `${base}_a`)).statusCode).toBe(200);
    expect((await rename(member, `${base}_b`)).statusCode).toBe(200);
    const refused = await rename(member, `${base}_c`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      `You can change your username at most ${USERNAME_CHANGES_PER_HOUR} times an hour. Please try again later.`,
    );
    const me = await send(t, member, 'GET', '/api/community/me');
    expect(me.json().profile).toMatchObject({ username: `${base}_b`, displayName: 'Someone' });
    // Still free to edit everything else.
    const bio = await send(t, member, 'PATCH', '/api/community/profiles/me', { bio: 'More' });
    expect(bio.statusCode).toBe(200);

    t.clock.advance(HOUR_MS);
    expect((await rename(member, `${base}_c`)).statusCode).toBe(200);
  });

  it('lets exactly the limit through when many renames arrive at once', async () => {
    const member = await communityMember(t);
    const base = member.username.slice(0, 24);
    const names = Array.from({ length: 12 }, (_, i) => `${base}_p${i}`);
    const results = await Promise.all(names.map((name) => rename(member, name)));
    const accepted = names.filter((_, i) => results[i]?.statusCode === 200);
    expect(accepted).toHaveLength(USERNAME_CHANGES_PER_HOUR);
    for (const res of results) expect([200, 429], res.body).toContain(res.statusCode);
    const [row] = await t.database.db
      .select({ username: profiles.username })
      .from(profiles)
      .where(eq(profiles.userId, member.id));
    expect(accepted).toContain(row?.username);
  });
});

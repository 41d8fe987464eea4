import { communityText, POST_MAX_LENGTH } from '@samvad/contracts/community-rules';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLikes, posts, reposts } from '../src/db/schema.ts';
import { communityMember, type Member, send } from './support/community-fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ COMMUNITY_POSTS_PER_HOUR: '1000', COMMUNITY_FOLLOWS_PER_HOUR: '1000' });
});
afterAll(() => t.close());

const post = async (member: Member, content: string, extra: object = {}) => {
  const res = await send(t, member, 'POST', '/api/community/posts', { content, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post as { id: string; likeCount: number };
};

describe('profiles', () => {
  it('applies the username rules and checks availability case-insensitively', async () => {
    const taken = await communityMember(t, { username: 'Savitri_Phule' });
    const cases: [string, boolean, string | null][] = [
      ['ab', false, communityText.usernameTooShort],
      ['bad name', false, communityText.usernameCharacters],
      ['dots.here', false, communityText.usernameCharacters],
      ['savitri_phule', false, communityText.usernameTaken],
      ['suggested', false, communityText.usernameTaken],
      ['fresh-name_1', true, null],
    ];
    for (const [username, available, message] of cases) {
      const res = await send(
        t,
        {},
        'GET',
        `/api/community/profiles/${encodeURIComponent(username)}/available`,
      );
      expect(res.json(), username).toEqual({ available, message });
    }
    const member = await communityMember(t, { profile: false });
    const duplicate = await send(t, member, 'POST', '/api/community/profiles', {
      username: 'SAVITRI_PHULE',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(communityText.usernameTaken);
    const invalid = await send(t, member, 'POST', '/api/community/profiles', { username: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toContain(communityText.usernameTooShort);
    expect(taken.username).toBe('Savitri_Phule');
  });

  it('defaults the display name to the username and stores an empty bio as null; one per member', async () => {
    const member = await communityMember(t, { profile: false });
    const res = await send(t, member, 'POST', '/api/community/profiles', {
      username: 'jyotiba',
      displayName: '  ',
      bio: '   ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().profile).toMatchObject({
      username: 'jyotiba',
      displayName: 'jyotiba',
      bio: null,
      isMe: true,
      postCount: 0,
    });
    const again = await send(t, member, 'POST', '/api/community/profiles', {
      username: 'other_one',
    });
    expect(again.statusCode).toBe(409);
    expect((await send(t, member, 'GET', '/api/community/me')).json().profile.username).toBe(
      'jyotiba',
    );
    expect((await send(t, {}, 'GET', '/api/community/me')).json()).toEqual({ profile: null });
    expect((await send(t, {}, 'GET', '/api/community/profiles/JYOTIBA')).statusCode).toBe(200);
    expect((await send(t, {}, 'GET', '/api/community/profiles/nobody_here')).statusCode).toBe(404);
  });
});

describe('posts', () => {
  it('accepts 500 code points and refuses 501, counting an emoji as one', async () => {
    const member = await communityMember(t);
    const exact = '😀'.repeat(POST_MAX_LENGTH);
    expect(exact.length).toBe(1000);
    const ok = await post(member, exact);
    const stored = await send(t, {}, 'GET', `/api/community/posts/${ok.id}`);
    expect(stored.json().post.content).toBe(exact);

    const over = await send(t, member, 'POST', '/api/community/posts', { content: `${exact}a` });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toContain(communityText.postTooLong);
    const blank = await send(t, member, 'POST', '/api/community/posts', { content: ' \n\t ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain(communityText.postEmpty);
  });

  it('keeps a quote’s source, and refuses a source link outside the app', async () => {
    const member = await communityMember(t);
    const quote = await send(t, member, 'POST', '/api/community/posts', {
      content: 'Be educated, be organised and be agitated.',
      isQuote: true,
      quoteSource: { fileName: 'speech.pdf', page: 12, link: '/api/documents/abc/file#page=12' },
    });
    expect(quote.json().post).toMatchObject({
      isQuote: true,
      quoteSource: {
        fileName: 'speech.pdf',
        page: 12,
        pageLabel: null,
        link: '/api/documents/abc/file#page=12',
        speaker: null,
      },
    });
    // Another member's words keep their speaker, stored in the post and read back.
    const spoken = await send(t, member, 'POST', '/api/community/posts', {
      content: 'The States have to be brought into line.',
      isQuote: true,
      quoteSource: { fileName: 'cad.html', page: null, speaker: 'T. T. Krishnamachari' },
    });
    expect(spoken.statusCode).toBe(201);
    const stored = await send(t, member, 'GET', `/api/community/posts/${spoken.json().post.id}`);
    expect(stored.json().post.quoteSource).toMatchObject({ speaker: 'T. T. Krishnamachari' });
    // The work's title travels with the quote and is read back (issue #29); older posts have none.
    const titled = await send(t, member, 'POST', '/api/community/posts', {
      content: 'The real remedy for breaking Caste is inter-marriage.',
      isQuote: true,
      quoteSource: {
        fileName: 'baws_vol01_annihilation_of_caste.pdf',
        title: 'Annihilation of Caste with a Reply to Mahatma Gandhi',
        page: 45,
        pageLabel: '67',
      },
    });
    const readBack = await send(t, member, 'GET', `/api/community/posts/${titled.json().post.id}`);
    expect(readBack.json().post.quoteSource).toMatchObject({
      title: 'Annihilation of Caste with a Reply to Mahatma Gandhi',
      pageLabel: '67',
    });
    expect(quote.json().post.quoteSource.title).toBeNull();
    const evil = await send(t, member, 'POST', '/api/community/posts', {
      content: 'x',
      isQuote: true,
      quoteSource: { fileName: 'a', page: 1, link: 'javascript:alert(1)' },
    });
    expect(evil.statusCode).toBe(400);
  });

  it('lets authors and admins delete a post, nobody else', async () => {
    const author = await communityMember(t);
    const other = await communityMember(t);
    const admin = await communityMember(t, { role: 'admin', profile: false });
    const first = await post(author, 'first');
    const second = await post(author, 'second');
    expect((await send(t, other, 'DELETE', `/api/community/posts/${first.id}`)).statusCode).toBe(
      403,
    );
    expect((await send(t, author, 'DELETE', `/api/community/posts/${first.id}`)).statusCode).toBe(
      200,
    );
    expect((await send(t, admin, 'DELETE', `/api/community/posts/${second.id}`)).statusCode).toBe(
      200,
    );
    expect((await send(t, {}, 'GET', `/api/community/posts/${second.id}`)).statusCode).toBe(404);
    const profile = await send(t, {}, 'GET', `/api/community/profiles/${author.username}`);
    expect(profile.json().profile.postCount).toBe(0);
  });
});

describe('likes, reposts and follows', () => {
  it('are idempotent toggles whose counts stay exact under 50 concurrent toggles', async () => {
    const author = await communityMember(t);
    const target = await post(author, 'A post many people like');
    const fans = await Promise.all(Array.from({ length: 10 }, () => communityMember(t)));
    // 50 toggles: each fan likes, unlikes, likes, reposts and likes again, all at once.
    const toggles = fans.flatMap((fan) => [
      send(t, fan, 'POST', `/api/community/posts/${target.id}/like`),
      send(t, fan, 'DELETE', `/api/community/posts/${target.id}/like`),
      send(t, fan, 'POST', `/api/community/posts/${target.id}/like`),
      send(t, fan, 'POST', `/api/community/posts/${target.id}/repost`),
      send(t, fan, 'POST', `/api/community/posts/${target.id}/like`),
    ]);
    const results = await Promise.all(toggles);
    expect(results.map((res) => res.statusCode)).toEqual(results.map(() => 200));

    const [likes] = await t.database.db
      .select({ n: count() })
      .from(postLikes)
      .where(eq(postLikes.postId, target.id));
    const [shares] = await t.database.db
      .select({ n: count() })
      .from(reposts)
      .where(eq(reposts.postId, target.id));
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, target.id));
    expect(row?.likeCount).toBe(likes?.n);
    expect(row?.repostCount).toBe(shares?.n);
    expect(row?.repostCount).toBe(10);

    const fan = fans[0] as Member;
    const twice = await send(t, fan, 'POST', `/api/community/posts/${target.id}/repost`);
    expect(twice.json()).toMatchObject({ reposted: true, repostCount: 10 });
    const undone = await send(t, fan, 'DELETE', `/api/community/posts/${target.id}/repost`);
    expect(undone.json()).toMatchObject({ reposted: false, repostCount: 9 });
  });

  it('follows and unfollows with exact counts; following yourself is a 400', async () => {
    const alice = await communityMember(t);
    const bob = await communityMember(t);
    const follow = () => send(t, bob, 'POST', `/api/community/follow/${alice.id}`);
    const results = await Promise.all([follow(), follow(), follow()]);
    expect(results.every((res) => res.statusCode === 200)).toBe(true);
    const profile = (await send(t, bob, 'GET', `/api/community/users/${alice.id}/profile`)).json()
      .profile;
    expect(profile).toMatchObject({ followerCount: 1, isFollowing: true });
    const bobs = (await send(t, {}, 'GET', `/api/community/profiles/${bob.username}`)).json()
      .profile;
    expect(bobs.followingCount).toBe(1);
    const followers = (
      await send(t, {}, 'GET', `/api/community/users/${alice.id}/followers`)
    ).json();
    expect(followers.profiles.map((p: { userId: string }) => p.userId)).toEqual([bob.id]);

    const self = await send(t, alice, 'POST', `/api/community/follow/${alice.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(communityText.cannotFollowSelf);

    const unfollow = await send(t, bob, 'DELETE', `/api/community/follow/${alice.id}`);
    expect(unfollow.json()).toEqual({ following: false, followerCount: 0 });
  });
});

describe('comments and collections', () => {
  it('comments count on the post, oldest first; collections keep quotes privately or publicly', async () => {
    const author = await communityMember(t);
    const reader = await communityMember(t);
    const quote = await post(author, 'Cultivation of mind should be the ultimate aim.', {
      isQuote: true,
    });
    const plain = await post(author, 'Just a note');
    for (const text of ['First!', 'Second thought']) {
      const res = await send(t, reader, 'POST', `/api/community/posts/${quote.id}/comments`, {
        content: text,
      });
      expect(res.statusCode).toBe(201);
    }
    const listed = (await send(t, {}, 'GET', `/api/community/posts/${quote.id}/comments`)).json();
    expect(listed.comments.map((c: { content: string }) => c.content)).toEqual([
      'First!',
      'Second thought',
    ]);
    expect(
      (await send(t, {}, 'GET', `/api/community/posts/${quote.id}`)).json().post.commentCount,
    ).toBe(2);

    const made = await send(t, reader, 'POST', '/api/community/quote-collections', {
      title: 'On education',
      isPublic: false,
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().collection.id;
    const saved = await send(
      t,
      reader,
      'PUT',
      `/api/community/quote-collections/${id}/quotes/${quote.id}`,
    );
    expect(saved.json().collection.quoteCount).toBe(1);
    const notQuote = await send(
      t,
      reader,
      'PUT',
      `/api/community/quote-collections/${id}/quotes/${plain.id}`,
    );
    expect(notQuote.statusCode).toBe(400);
    // Private: the owner sees it; others and visitors get 404, and it is not in the public list.
    expect(
      (await send(t, reader, 'GET', `/api/community/quote-collections/${id}`)).json().quotes,
    ).toHaveLength(1);
    expect(
      (await send(t, author, 'GET', `/api/community/quote-collections/${id}`)).statusCode,
    ).toBe(404);
    expect(
      (await send(t, {}, 'GET', `/api/community/users/${reader.id}/quote-collections`)).json()
        .collections,
    ).toEqual([]);
    const changed = await send(t, author, 'PATCH', `/api/community/quote-collections/${id}`, {
      title: 'Mine now',
    });
    expect(changed.statusCode).toBe(404);
    await send(t, reader, 'PATCH', `/api/community/quote-collections/${id}`, { isPublic: true });
    const publicList = (
      await send(t, {}, 'GET', `/api/community/users/${reader.id}/quote-collections`)
    ).json();
    expect(publicList.collections).toMatchObject([{ title: 'On education', quoteCount: 1 }]);
  });
});

describe('feed, trending and pagination', () => {
  it('feeds own posts, followed posts and their reposts, newest first', async () => {
    const me = await communityMember(t);
    const friend = await communityMember(t);
    const stranger = await communityMember(t);
    await send(t, me, 'POST', `/api/community/follow/${friend.id}`);
    const mine = await post(me, 'mine');
    t.clock.advance(1000);
    const strangers = await post(stranger, 'stranger');
    t.clock.advance(1000);
    const friends = await post(friend, 'friend');
    t.clock.advance(1000);
    await send(t, friend, 'POST', `/api/community/posts/${strangers.id}/repost`);

    const feed = (await send(t, me, 'GET', '/api/community/feed')).json().posts as {
      id: string;
      repostedBy: { username: string } | null;
    }[];
    expect(feed.map((p) => [p.id, p.repostedBy?.username ?? null])).toEqual([
      [strangers.id, friend.username],
      [friends.id, null],
      [mine.id, null],
    ]);
    // Signed out: Recent Posts, everyone's.
    const recent = (await send(t, {}, 'GET', '/api/community/feed?limit=50')).json().posts;
    expect(recent.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining([mine.id, strangers.id, friends.id]),
    );
  });

  it('ranks trending by (likes + 2 × reposts) / (age in hours + 2)^1.5 over the last 7 days', async () => {
    const isolated = await createTestApp({ COMMUNITY_POSTS_PER_HOUR: '1000' });
    try {
      const authors = await Promise.all([0, 1, 2].map(() => communityMember(isolated)));
      const fans = await Promise.all([0, 1, 2, 3].map(() => communityMember(isolated)));
      const at = (member: Member, content: string) =>
        send(isolated, member, 'POST', '/api/community/posts', { content }).then(
          (r) => r.json().post.id as string,
        );
      const old = await at(authors[0] as Member, 'eight days old');
      isolated.clock.advance(24 * 3600_000);
      const yesterday = await at(authors[1] as Member, 'a day old');
      isolated.clock.advance(23 * 3600_000);
      const fresh = await at(authors[2] as Member, 'an hour old');
      isolated.clock.advance(3600_000);
      const mark = (fan: Member, id: string, what: 'like' | 'repost') =>
        send(isolated, fan, 'POST', `/api/community/posts/${id}/${what}`);
      // yesterday: 4 likes + 2 reposts = 8 / (25 h + 2)^1.5 ≈ 0.057
      for (const fan of fans) await mark(fan, yesterday, 'like');
      for (const fan of fans.slice(0, 2)) await mark(fan, yesterday, 'repost');
      // fresh: 1 like = 1 / (1 h + 2)^1.5 ≈ 0.192: younger beats more popular.
      await mark(fans[0] as Member, fresh, 'like');
      // old: 4 likes at 48 h = 4 / 50^1.5 ≈ 0.011, last.
      for (const fan of fans) await mark(fan, old, 'like');
      const trending = async () =>
        (await send(isolated, {}, 'GET', '/api/community/posts?sort=trending'))
          .json()
          .posts.map((p: { id: string }) => p.id);
      expect(await trending()).toEqual([fresh, yesterday, old]);
      // Five days and an hour later: old is past 7 days and gone; yesterday's 8 points now
      // beat fresh's 1 (8 / 147^1.5 ≈ 0.0045 against 1 / 124^1.5 ≈ 0.0007).
      isolated.clock.advance(5 * 24 * 3600_000 + 3600_000);
      expect(await trending()).toEqual([yesterday, fresh]);
    } finally {
      await isolated.close();
    }
  });

  it('pages without duplicates or gaps while new posts arrive', async () => {
    const writer = await communityMember(t, { username: `pager_${Date.now()}` });
    const created: string[] = [];
    for (let i = 0; i < 12; i++) {
      created.push((await post(writer, `post ${i}`)).id);
      t.clock.advance(i % 3 === 0 ? 0 : 10);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/community/posts?userId=${writer.id}&limit=5${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { posts: { id: string }[]; nextCursor: string | null } = (
        await send(t, {}, 'GET', url)
      ).json();
      seen.push(...page.posts.map((p: { id: string }) => p.id));
      cursor = page.nextCursor;
      // Someone keeps posting while we read: new posts are newer than every page we hold.
      await post(writer, `while paging ${seen.length}`);
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => created.includes(id)).sort()).toEqual([...created].sort());
    const bad = await send(t, {}, 'GET', '/api/community/posts?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
  });
});

describe('abuse limits', () => {
  it('refuses posts and follows past the hourly limit with 429', async () => {
    const limited = await createTestApp({
      COMMUNITY_POSTS_PER_HOUR: '2',
      COMMUNITY_FOLLOWS_PER_HOUR: '1',
    });
    try {
      const member = await communityMember(limited);
      const others = await Promise.all([0, 1].map(() => communityMember(limited)));
      const postOnce = () =>
        send(limited, member, 'POST', '/api/community/posts', { content: 'hi' });
      expect((await postOnce()).statusCode).toBe(201);
      expect((await postOnce()).statusCode).toBe(201);
      const third = await postOnce();
      expect(third.statusCode).toBe(429);
      expect(third.json().error.message).toMatch(/at most 2 posts an hour/);
      expect(
        (await send(limited, member, 'POST', `/api/community/follow/${others[0]?.id}`)).statusCode,
      ).toBe(200);
      expect(
        (await send(limited, member, 'POST', `/api/community/follow/${others[1]?.id}`)).statusCode,
      ).toBe(429);
      limited.clock.advance(3600_000);
      expect((await postOnce()).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

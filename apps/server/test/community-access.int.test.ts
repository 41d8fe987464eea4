import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../src/repositories/user-repository.ts';
import { communityMember, type Member, send } from './support/community-fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

type Role = 'visitor' | 'noProfile' | 'member' | 'banned' | 'admin';
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** What a route acts on: made afresh for each caller, so one caller's delete cannot hide another's. */
type Scene = {
  owner: Member;
  postId: string;
  quoteId: string;
  collectionId: string;
  commentId: string;
};

let t: TestApp;
let callers: Record<Role, { cookie?: string; id?: string }>;

beforeAll(async () => {
  t = await createTestApp({
    COMMUNITY_POSTS_PER_HOUR: '10000',
    COMMUNITY_FOLLOWS_PER_HOUR: '10000',
  });
  const noProfile = await communityMember(t, { profile: false });
  const member = await communityMember(t);
  const banned = await communityMember(t);
  await updateUser(t.database.db, banned.id, { banned: true, banReason: 'spam' });
  const admin = await communityMember(t, { role: 'admin', profile: false });
  callers = { visitor: {}, noProfile, member, banned, admin };
});
afterAll(() => t.close());

async function scene(): Promise<Scene> {
  const owner = await communityMember(t);
  const made = async (url: string, body: object) => {
    const res = await send(t, owner, url.includes('quotes') ? 'PUT' : 'POST', url, body);
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.body}`);
    return res.json();
  };
  const postId = (await made('/api/community/posts', { content: 'a post' })).post.id;
  const quoteId = (await made('/api/community/posts', { content: 'a quote', isQuote: true })).post
    .id;
  const collectionId = (await made('/api/community/quote-collections', { title: 'Mine' }))
    .collection.id;
  const commentId = (await made(`/api/community/posts/${postId}/comments`, { content: 'hi' }))
    .comment.id;
  return { owner, postId, quoteId, collectionId, commentId };
}

const READ = { visitor: 200, noProfile: 200, member: 200, banned: 200, admin: 200 } as const;
/** A write that needs a profile: the admin here has none. */
const WRITE = { visitor: 401, noProfile: 403, member: 200, banned: 403, admin: 403 } as const;
/** Only the owner may: everyone else with a profile is refused (or, for private things, 404). */
const OWNER_ONLY = { visitor: 401, noProfile: 403, member: 403, banned: 403, admin: 403 } as const;

/** The declared policy: every community route, and what each caller gets. */
const policy: [
  string,
  Method,
  string,
  (s: Scene) => string,
  object | undefined,
  Record<Role, number>,
][] = [
  ['my profile', 'GET', '/api/community/me', () => '/api/community/me', undefined, READ],
  [
    'create profile',
    'POST',
    '/api/community/profiles',
    () => '/api/community/profiles',
    { username: 'fresh_name' },
    { visitor: 401, noProfile: 201, member: 409, banned: 403, admin: 201 },
  ],
  [
    'edit profile',
    'PATCH',
    '/api/community/profiles/me',
    () => '/api/community/profiles/me',
    { bio: 'Hello' },
    WRITE,
  ],
  [
    'suggested',
    'GET',
    '/api/community/profiles/suggested',
    () => '/api/community/profiles/suggested',
    undefined,
    READ,
  ],
  [
    'profile',
    'GET',
    '/api/community/profiles/{username}',
    (s) => `/api/community/profiles/${s.owner.username}`,
    undefined,
    READ,
  ],
  [
    'available',
    'GET',
    '/api/community/profiles/{username}/available',
    () => '/api/community/profiles/someone_new/available',
    undefined,
    READ,
  ],
  [
    'profile by user',
    'GET',
    '/api/community/users/{id}/profile',
    (s) => `/api/community/users/${s.owner.id}/profile`,
    undefined,
    READ,
  ],
  [
    'followers',
    'GET',
    '/api/community/users/{id}/followers',
    (s) => `/api/community/users/${s.owner.id}/followers`,
    undefined,
    READ,
  ],
  [
    'following',
    'GET',
    '/api/community/users/{id}/following',
    (s) => `/api/community/users/${s.owner.id}/following`,
    undefined,
    READ,
  ],
  [
    'collections of',
    'GET',
    '/api/community/users/{id}/quote-collections',
    (s) => `/api/community/users/${s.owner.id}/quote-collections`,
    undefined,
    READ,
  ],
  [
    'follow',
    'POST',
    '/api/community/follow/{userId}',
    (s) => `/api/community/follow/${s.owner.id}`,
    undefined,
    WRITE,
  ],
  [
    'unfollow',
    'DELETE',
    '/api/community/follow/{userId}',
    (s) => `/api/community/follow/${s.owner.id}`,
    undefined,
    WRITE,
  ],
  [
    'post',
    'POST',
    '/api/community/posts',
    () => '/api/community/posts',
    { content: 'hello' },
    { ...WRITE, member: 201 },
  ],
  ['posts', 'GET', '/api/community/posts', () => '/api/community/posts', undefined, READ],
  [
    'trending',
    'GET',
    '/api/community/posts',
    () => '/api/community/posts?sort=trending',
    undefined,
    READ,
  ],
  [
    'one post',
    'GET',
    '/api/community/posts/{id}',
    (s) => `/api/community/posts/${s.postId}`,
    undefined,
    READ,
  ],
  [
    'delete post',
    'DELETE',
    '/api/community/posts/{id}',
    (s) => `/api/community/posts/${s.postId}`,
    undefined,
    { ...OWNER_ONLY, noProfile: 403, admin: 200 },
  ],
  ['feed', 'GET', '/api/community/feed', () => '/api/community/feed', undefined, READ],
  [
    'like',
    'POST',
    '/api/community/posts/{id}/like',
    (s) => `/api/community/posts/${s.postId}/like`,
    undefined,
    WRITE,
  ],
  [
    'unlike',
    'DELETE',
    '/api/community/posts/{id}/like',
    (s) => `/api/community/posts/${s.postId}/like`,
    undefined,
    WRITE,
  ],
  [
    'repost',
    'POST',
    '/api/community/posts/{id}/repost',
    (s) => `/api/community/posts/${s.postId}/repost`,
    undefined,
    WRITE,
  ],
  [
    'unrepost',
    'DELETE',
    '/api/community/posts/{id}/repost',
    (s) => `/api/community/posts/${s.postId}/repost`,
    undefined,
    WRITE,
  ],
  [
    'comments',
    'GET',
    '/api/community/posts/{id}/comments',
    (s) => `/api/community/posts/${s.postId}/comments`,
    undefined,
    READ,
  ],
  [
    'comment',
    'POST',
    '/api/community/posts/{id}/comments',
    (s) => `/api/community/posts/${s.postId}/comments`,
    { content: 'yes' },
    { ...WRITE, member: 201 },
  ],
  [
    'delete comment',
    'DELETE',
    '/api/community/comments/{id}',
    (s) => `/api/community/comments/${s.commentId}`,
    undefined,
    { ...OWNER_ONLY, noProfile: 403, admin: 200 },
  ],
  ['search', 'GET', '/api/community/search', () => '/api/community/search?q=post', undefined, READ],
  [
    'create collection',
    'POST',
    '/api/community/quote-collections',
    () => '/api/community/quote-collections',
    { title: 'Mine too' },
    { ...WRITE, member: 201 },
  ],
  [
    'collection',
    'GET',
    '/api/community/quote-collections/{id}',
    (s) => `/api/community/quote-collections/${s.collectionId}`,
    undefined,
    READ,
  ],
  [
    'rename collection',
    'PATCH',
    '/api/community/quote-collections/{id}',
    (s) => `/api/community/quote-collections/${s.collectionId}`,
    { title: 'Theirs' },
    OWNER_ONLY,
  ],
  [
    'delete collection',
    'DELETE',
    '/api/community/quote-collections/{id}',
    (s) => `/api/community/quote-collections/${s.collectionId}`,
    undefined,
    OWNER_ONLY,
  ],
  [
    'quote saved?',
    'GET',
    '/api/community/quote-collections/{id}/quotes/{postId}',
    (s) => `/api/community/quote-collections/${s.collectionId}/quotes/${s.quoteId}`,
    undefined,
    READ,
  ],
  [
    'save quote',
    'PUT',
    '/api/community/quote-collections/{id}/quotes/{postId}',
    (s) => `/api/community/quote-collections/${s.collectionId}/quotes/${s.quoteId}`,
    undefined,
    OWNER_ONLY,
  ],
  [
    'unsave quote',
    'DELETE',
    '/api/community/quote-collections/{id}/quotes/{postId}',
    (s) => `/api/community/quote-collections/${s.collectionId}/quotes/${s.quoteId}`,
    undefined,
    OWNER_ONLY,
  ],
];

describe('community authorization', () => {
  it('declares a policy for every community route the running app serves', () => {
    // The route list comes from the app itself (its OpenAPI document), so a new route
    // without a policy row fails here.
    const served = Object.entries(t.app.swagger().paths ?? {})
      .filter(([path]) => path.startsWith('/api/community'))
      .flatMap(([path, operations]) =>
        Object.keys(operations ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
      );
    const declared = policy.map(([, method, template]) => `${method} ${template}`);
    expect([...new Set(declared)].sort()).toEqual([...new Set(served)].sort());
  });

  for (const [name, method, , path, body, expected] of policy) {
    it(`${method} ${name}: ${JSON.stringify(expected)}`, async () => {
      const got: Partial<Record<Role, number>> = {};
      for (const role of Object.keys(expected) as Role[]) {
        const s = await scene();
        // Unfollow and unlike act on something that exists: follow/like it first.
        if (
          role !== 'visitor' &&
          role !== 'noProfile' &&
          role !== 'banned' &&
          method === 'DELETE'
        ) {
          if (name === 'unfollow') await send(t, callers[role], 'POST', path(s));
        }
        const res = await send(t, callers[role], method, path(s), body);
        got[role] = res.statusCode;
        if (res.statusCode >= 400) expect(res.json().error.message.length, name).toBeGreaterThan(0);
        // A created profile would change what the next roles see: undo it.
        if (name === 'create profile' && res.statusCode === 201) {
          await t.database.db.execute(
            (await import('drizzle-orm'))
              .sql`delete from profiles where user_id = ${callers[role].id ?? ''}`,
          );
        }
      }
      expect(got).toEqual(expected);
    });
  }
});

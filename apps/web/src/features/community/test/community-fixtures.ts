import type { Collection, Comment, Post, Profile } from '@samvad/contracts/community';

/** Test values shaped like the server's answers (packages/contracts/src/community.ts). */

export function testPost(overrides: Partial<Post> = {}): Post {
  const id = overrides.id ?? 'p1';
  return {
    id,
    content: 'Educate, agitate, organise.',
    isQuote: false,
    quoteSource: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    user: { userId: 'u2', username: 'meera', displayName: 'Meera Rao', profileImage: null },
    liked: false,
    reposted: false,
    likeCount: 2,
    repostCount: 1,
    commentCount: 0,
    repostedBy: null,
    feedKey: `post:${id}`,
    ...overrides,
  };
}

export function testProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'pr-u2',
    userId: 'u2',
    username: 'meera',
    displayName: 'Meera Rao',
    bio: 'Reads everything twice.',
    profileImage: null,
    postCount: 3,
    followerCount: 5,
    followingCount: 4,
    isFollowing: false,
    isMe: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The signed-in test user's own profile (user id u1, as testUser() in test/render-app.tsx). */
export function myProfile(overrides: Partial<Profile> = {}): Profile {
  return testProfile({
    id: 'pr-u1',
    userId: 'u1',
    username: 'asha',
    displayName: 'Asha Devi',
    bio: null,
    isMe: true,
    ...overrides,
  });
}

export function testCollection(overrides: Partial<Collection> = {}): Collection {
  return {
    id: 'c1',
    title: 'On education',
    description: 'Passages on schooling',
    quoteCount: 1,
    isPublic: true,
    owner: { userId: 'u1', username: 'asha', displayName: 'Asha Devi', profileImage: null },
    createdAt: '2026-11-10T10:00:00.000Z',
    updatedAt: '2026-11-10T10:00:00.000Z',
    ...overrides,
  };
}

export function testComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 'cm1',
    postId: 'p1',
    content: 'Well said.',
    createdAt: '2026-11-20T11:00:00.000Z',
    user: { userId: 'u2', username: 'meera', displayName: 'Meera Rao', profileImage: null },
    ...overrides,
  };
}

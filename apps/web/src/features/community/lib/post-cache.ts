import type { Post, PostToggleResponse, Profile } from '@samvad/contracts/community';

/**
 * A post or a profile can sit in many cached answers at once (the feed, trending, a profile's
 * posts, a collection, search results, suggestions, follower lists). A like or a follow must
 * change every copy, so these walk any community answer shape, infinite pages included, and
 * return the same object when nothing in it changed (so TanStack Query keeps it as is).
 */

type Walk<T> = (items: T[]) => T[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Applies `walk` to every list under one of `fields`, in a page or in each infinite page. */
function walkLists<T>(data: unknown, fields: readonly string[], walk: Walk<T>): unknown {
  if (!isRecord(data)) return data;
  if (Array.isArray(data.pages)) {
    let changed = false;
    const pages = data.pages.map((page) => {
      const next = walkLists(page, fields, walk);
      if (next !== page) changed = true;
      return next;
    });
    return changed ? { ...data, pages } : data;
  }
  let next: Record<string, unknown> | null = null;
  for (const field of fields) {
    const list = data[field];
    if (!Array.isArray(list)) continue;
    const walked = walk(list as T[]);
    if (walked !== list) {
      next ??= { ...data };
      next[field] = walked;
    }
  }
  return next ?? data;
}

function mapMatching<T>(items: T[], matches: (item: T) => boolean, update: (item: T) => T): T[] {
  let changed = false;
  const next = items.map((item) => {
    if (!matches(item)) return item;
    const updated = update(item);
    if (updated !== item) changed = true;
    return updated;
  });
  return changed ? next : items;
}

/** Every copy of post `postId` (plain or reposted entries) passed through `update`. */
export function mapPostsIn(data: unknown, postId: string, update: (post: Post) => Post): unknown {
  return walkLists<Post>(data, ['posts', 'quotes'], (posts) =>
    mapMatching(posts, (post) => post.id === postId, update),
  );
}

/** Every entry of post `postId` taken out (a deleted post, a quote removed from a collection). */
export function removePostIn(data: unknown, postId: string): unknown {
  return walkLists<Post>(data, ['posts', 'quotes'], (posts) => {
    const kept = posts.filter((post) => post.id !== postId);
    return kept.length === posts.length ? posts : kept;
  });
}

/** Every copy of the profile of user `userId` passed through `update`. */
export function mapProfilesIn(
  data: unknown,
  userId: string,
  update: (profile: Profile) => Profile,
): unknown {
  const matches = (profile: Profile) => profile.userId === userId;
  // A profile on its own (the profile page's and the viewer's own answers).
  if (isProfile(data)) return matches(data) ? update(data) : data;
  return walkLists<Profile>(data, ['profiles'], (profiles) =>
    mapMatching(profiles, matches, update),
  );
}

function isProfile(value: unknown): value is Profile {
  return (
    isRecord(value) && typeof value.userId === 'string' && typeof value.followerCount === 'number'
  );
}

export type PostAction = 'like' | 'repost';

/**
 * The optimistic change (spec §4: "the counts are adjusted locally"): the flag set to `on` and
 * its count moved by one, only when the flag really changes (a double click cannot count twice).
 */
export function toggledPost(post: Post, action: PostAction, on: boolean): Post {
  if (action === 'like') {
    if (post.liked === on) return post;
    return { ...post, liked: on, likeCount: Math.max(0, post.likeCount + (on ? 1 : -1)) };
  }
  if (post.reposted === on) return post;
  return { ...post, reposted: on, repostCount: Math.max(0, post.repostCount + (on ? 1 : -1)) };
}

/** The server's word on a post's toggles, kept over whatever was guessed. */
export function withToggleState(post: Post, state: PostToggleResponse): Post {
  if (
    post.liked === state.liked &&
    post.likeCount === state.likeCount &&
    post.reposted === state.reposted &&
    post.repostCount === state.repostCount
  ) {
    return post;
  }
  return { ...post, ...state };
}

/** The optimistic follow: the flag set and the follower count moved by one. */
export function followedProfile(profile: Profile, following: boolean): Profile {
  if (profile.isFollowing === following) return profile;
  return {
    ...profile,
    isFollowing: following,
    followerCount: Math.max(0, profile.followerCount + (following ? 1 : -1)),
  };
}

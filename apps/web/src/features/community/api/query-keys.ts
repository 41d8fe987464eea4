/**
 * Every community query lives under one root, so a like or a follow can reach each cached copy
 * of a post or profile (lib/post-cache.ts), and a change of viewer can drop them all.
 */
export const COMMUNITY_KEY = ['/api/community'] as const;

export type PostSort = 'recent' | 'trending';
export type FollowDirection = 'followers' | 'following';

export const communityKeys = {
  me: () => [...COMMUNITY_KEY, 'me'] as const,
  feed: () => [...COMMUNITY_KEY, 'feed'] as const,
  posts: (filter: { userId?: string; sort: PostSort }) =>
    [...COMMUNITY_KEY, 'posts', filter] as const,
  profile: (username: string) => [...COMMUNITY_KEY, 'profile', username.toLowerCase()] as const,
  availability: (username: string) =>
    [...COMMUNITY_KEY, 'available', username.toLowerCase()] as const,
  suggested: () => [...COMMUNITY_KEY, 'suggested'] as const,
  follows: (userId: string, direction: FollowDirection) =>
    [...COMMUNITY_KEY, 'follows', userId, direction] as const,
  userCollections: (userId: string) => [...COMMUNITY_KEY, 'user-collections', userId] as const,
  collection: (id: string) => [...COMMUNITY_KEY, 'collection', id] as const,
  /** Which of the viewer's collections hold a post (the Save Quote dialog). */
  collectionHas: (collectionId: string, postId: string) =>
    [...COMMUNITY_KEY, 'collection-has', collectionId, postId] as const,
  comments: (postId: string) => [...COMMUNITY_KEY, 'comments', postId] as const,
  search: (query: string) => [...COMMUNITY_KEY, 'search', query] as const,
};

/** Builds `path?name=value&…`, leaving out empty values. */
export function withQuery(
  path: string,
  params: Record<string, string | number | null | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** A path segment from a user-supplied value. */
export const segment = encodeURIComponent;

export const PAGE_SIZE = 20;

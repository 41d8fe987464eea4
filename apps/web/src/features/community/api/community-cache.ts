import type { Post, Profile } from '@samvad/contracts/community';
import type { QueryClient } from '@tanstack/react-query';
import { mapPostsIn, mapProfilesIn, removePostIn } from '../lib/post-cache.ts';
import { COMMUNITY_KEY } from './query-keys.ts';

/**
 * Writes a change into every cached community answer it touches, and only those: setting a
 * query's data, even to an equal value, marks it fresh and wakes its observers.
 */
function rewriteAll(queryClient: QueryClient, rewrite: (data: unknown) => unknown) {
  for (const [queryKey, data] of queryClient.getQueriesData({ queryKey: COMMUNITY_KEY })) {
    const next = rewrite(data);
    if (next !== data) queryClient.setQueryData(queryKey, next);
  }
}

export function updatePostEverywhere(
  queryClient: QueryClient,
  postId: string,
  update: (post: Post) => Post,
) {
  rewriteAll(queryClient, (data) => mapPostsIn(data, postId, update));
}

export function removePostEverywhere(queryClient: QueryClient, postId: string) {
  rewriteAll(queryClient, (data) => removePostIn(data, postId));
}

export function updateProfileEverywhere(
  queryClient: QueryClient,
  userId: string,
  update: (profile: Profile) => Profile,
) {
  rewriteAll(queryClient, (data) => mapProfilesIn(data, userId, update));
}

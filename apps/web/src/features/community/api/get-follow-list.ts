import type { ProfilePage } from '@samvad/contracts/community';
import { communityText } from '@samvad/contracts/community-rules';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import {
  communityKeys,
  type FollowDirection,
  PAGE_SIZE,
  segment,
  withQuery,
} from './query-keys.ts';

/** GET /api/community/users/{userId}/followers or /following. */
export function getFollowList(
  userId: string,
  direction: FollowDirection,
  cursor: string | null,
  signal?: AbortSignal,
) {
  return apiFetch<ProfilePage>(
    withQuery(`/api/community/users/${segment(userId)}/${direction}`, {
      cursor,
      limit: PAGE_SIZE,
    }),
    { signal },
  );
}

export const followListQueryOptions = (userId: string, direction: FollowDirection) =>
  infiniteQueryOptions({
    queryKey: communityKeys.follows(userId, direction),
    queryFn: ({ pageParam, signal }) => getFollowList(userId, direction, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
    meta: { errorToast: { title: communityText.loadFailed } },
  });

export function useFollowList(userId: string, direction: FollowDirection) {
  return useInfiniteQuery(followListQueryOptions(userId, direction));
}

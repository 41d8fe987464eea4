import type { PostPage } from '@samvad/contracts/community';
import { communityText } from '@samvad/contracts/community-rules';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { communityKeys, PAGE_SIZE, type PostSort, withQuery } from './query-keys.ts';

export type PostFilter = { userId?: string; sort: PostSort };

/** GET /api/community/posts: everyone's newest first, one member's (`userId`), or trending. */
export function getPosts(filter: PostFilter, cursor: string | null, signal?: AbortSignal) {
  return apiFetch<PostPage>(
    withQuery('/api/community/posts', {
      userId: filter.userId,
      sort: filter.sort,
      cursor,
      limit: PAGE_SIZE,
    }),
    { signal },
  );
}

export const postsQueryOptions = (filter: PostFilter) =>
  infiniteQueryOptions({
    queryKey: communityKeys.posts(filter),
    queryFn: ({ pageParam, signal }) => getPosts(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
    meta: { errorToast: { title: communityText.loadFailed } },
  });

export function usePosts(filter: PostFilter, enabled = true) {
  return useInfiniteQuery({ ...postsQueryOptions(filter), enabled });
}

import type { PostPage } from '@samvad/contracts/community';
import { communityText } from '@samvad/contracts/community-rules';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { communityKeys, PAGE_SIZE, withQuery } from './query-keys.ts';

/** GET /api/community/feed: the viewer's feed; everyone's recent posts for a visitor. */
export function getFeed(cursor: string | null, signal?: AbortSignal) {
  return apiFetch<PostPage>(withQuery('/api/community/feed', { cursor, limit: PAGE_SIZE }), {
    signal,
  });
}

export const feedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: communityKeys.feed(),
    queryFn: ({ pageParam, signal }) => getFeed(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A feed moves: opening the page again after a while shows what is new.
    staleTime: 30_000,
    meta: { errorToast: { title: communityText.loadFailed } },
  });

export function useFeed(enabled = true) {
  return useInfiniteQuery({ ...feedQueryOptions(), enabled });
}

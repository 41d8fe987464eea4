import type { SearchResponse } from '@samvad/contracts/community';
import { communityText } from '@samvad/contracts/community-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { communityKeys, withQuery } from './query-keys.ts';

/** GET /api/community/search?q=: posts and profiles matching the words. */
export function searchCommunity(query: string, signal?: AbortSignal) {
  return apiFetch<SearchResponse>(withQuery('/api/community/search', { q: query }), { signal });
}

export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: communityKeys.search(query),
    queryFn: ({ signal }) => searchCommunity(query, signal),
    staleTime: 30_000,
    meta: { errorToast: { title: communityText.loadFailed } },
  });

/** Runs only for a non-empty query. */
export function useCommunitySearch(query: string) {
  return useQuery({ ...searchQueryOptions(query), enabled: query.trim() !== '' });
}

import type { Collection, Post } from '@samvad/contracts/community';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { communityKeys, PAGE_SIZE, segment, withQuery } from './query-keys.ts';

export type CollectionPage = { collection: Collection; quotes: Post[]; nextCursor: string | null };

/** GET /api/community/quote-collections/{id}: the collection and a page of its quotes. */
export function getCollection(
  id: string,
  cursor: string | null,
  signal?: AbortSignal,
  limit = PAGE_SIZE,
) {
  return apiFetch<CollectionPage>(
    withQuery(`/api/community/quote-collections/${segment(id)}`, { cursor, limit }),
    { signal },
  );
}

export const collectionQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.collection(id),
    queryFn: ({ pageParam, signal }) => getCollection(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });

/** Errors are shown by the page (a missing collection is 'not found', not a toast). */
export function useCollection(id: string) {
  return useInfiniteQuery(collectionQueryOptions(id));
}

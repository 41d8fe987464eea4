import type { Collection } from '@samvad/contracts/community';
import { communityText } from '@samvad/contracts/community-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { communityKeys, segment } from './query-keys.ts';

/** GET /api/community/users/{userId}/quote-collections: private ones only for their owner. */
export async function getUserCollections(userId: string, signal?: AbortSignal) {
  const { collections } = await apiFetch<{ collections: Collection[] }>(
    `/api/community/users/${segment(userId)}/quote-collections`,
    { signal },
  );
  return collections;
}

export const userCollectionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: communityKeys.userCollections(userId),
    queryFn: ({ signal }) => getUserCollections(userId, signal),
    staleTime: 30_000,
    meta: { errorToast: { title: communityText.loadFailed } },
  });

export function useUserCollections(userId: string | undefined) {
  return useQuery({
    ...userCollectionsQueryOptions(userId ?? ''),
    enabled: Boolean(userId),
  });
}

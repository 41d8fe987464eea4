import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { communityKeys, segment } from './query-keys.ts';

/** GET /api/community/quote-collections/{id}/quotes/{postId}: whether the quote is in it. */
export async function collectionHasPost(
  collectionId: string,
  postId: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const { saved } = await apiFetch<{ saved: boolean }>(
    `/api/community/quote-collections/${segment(collectionId)}/quotes/${segment(postId)}`,
    { signal },
  );
  return saved;
}

export const collectionHasPostQueryOptions = (collectionId: string, postId: string) =>
  queryOptions({
    queryKey: communityKeys.collectionHas(collectionId, postId),
    queryFn: ({ signal }) => collectionHasPost(collectionId, postId, signal),
  });

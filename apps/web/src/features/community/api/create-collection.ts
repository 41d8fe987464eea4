import type { Collection, CreateCollectionRequest } from '@samvad/contracts/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { communityKeys } from './query-keys.ts';

/** POST /api/community/quote-collections. */
export async function createCollection(request: CreateCollectionRequest): Promise<Collection> {
  const { collection } = await apiFetch<{ collection: Collection }>(
    '/api/community/quote-collections',
    { method: 'POST', body: request },
  );
  return collection;
}

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
    onSuccess: (collection) =>
      queryClient.invalidateQueries({
        queryKey: communityKeys.userCollections(collection.owner.userId),
      }),
  });
}

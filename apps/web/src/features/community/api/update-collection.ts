import type { Collection, UpdateCollectionRequest } from '@samvad/contracts/community';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import type { CollectionPage } from './get-collection.ts';
import { communityKeys, segment } from './query-keys.ts';

/** PATCH /api/community/quote-collections/{id}: title, description, visibility. */
export async function updateCollection(
  id: string,
  request: UpdateCollectionRequest,
): Promise<Collection> {
  const { collection } = await apiFetch<{ collection: Collection }>(
    `/api/community/quote-collections/${segment(id)}`,
    { method: 'PATCH', body: request },
  );
  return collection;
}

/** Keeps the collection's pages and the owner's list in step with a changed collection. */
export function useStoreCollection() {
  const queryClient = useQueryClient();
  return (collection: Collection) => {
    queryClient.setQueryData<InfiniteData<CollectionPage>>(
      communityKeys.collection(collection.id),
      (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, collection })) },
    );
    void queryClient.invalidateQueries({
      queryKey: communityKeys.userCollections(collection.owner.userId),
    });
  };
}

export function useUpdateCollection(id: string) {
  const storeCollection = useStoreCollection();
  return useMutation({
    mutationFn: (request: UpdateCollectionRequest) => updateCollection(id, request),
    onSuccess: storeCollection,
  });
}

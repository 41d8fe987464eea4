import type { Collection } from '@samvad/contracts/community';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { removePostIn } from '../lib/post-cache.ts';
import type { CollectionPage } from './get-collection.ts';
import { communityKeys, segment } from './query-keys.ts';
import { useStoreCollection } from './update-collection.ts';

/** PUT (add) or DELETE (remove) /api/community/quote-collections/{id}/quotes/{postId}. */
export async function setCollectionQuote(
  collectionId: string,
  postId: string,
  saved: boolean,
): Promise<Collection> {
  const { collection } = await apiFetch<{ collection: Collection }>(
    `/api/community/quote-collections/${segment(collectionId)}/quotes/${segment(postId)}`,
    { method: saved ? 'PUT' : 'DELETE' },
  );
  return collection;
}

type Variables = { collectionId: string; postId: string; saved: boolean };

/** Adds a quote to, or takes it out of, one of the viewer's collections. */
export function useCollectionQuote() {
  const queryClient = useQueryClient();
  const storeCollection = useStoreCollection();
  return useMutation({
    mutationFn: ({ collectionId, postId, saved }: Variables) =>
      setCollectionQuote(collectionId, postId, saved),
    onSuccess: (collection, { postId, saved }) => {
      queryClient.setQueryData(communityKeys.collectionHas(collection.id, postId), saved);
      if (saved) {
        // The new quote's place in the list is the server's to say.
        void queryClient.invalidateQueries({ queryKey: communityKeys.collection(collection.id) });
      } else {
        queryClient.setQueryData<InfiniteData<CollectionPage>>(
          communityKeys.collection(collection.id),
          (data) => data && (removePostIn(data, postId) as InfiniteData<CollectionPage>),
        );
      }
      storeCollection(collection);
    },
  });
}

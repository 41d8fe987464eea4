import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { communityKeys, segment } from './query-keys.ts';

/** DELETE /api/community/quote-collections/{id} (the quotes themselves stay). */
export function deleteCollection(id: string) {
  return apiFetch<{ ok: true }>(`/api/community/quote-collections/${segment(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteCollection(ownerUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollection,
    // Not awaited: the page leaves the deleted collection at once.
    onSuccess: (_ok, id) => {
      queryClient.removeQueries({ queryKey: communityKeys.collection(id) });
      void queryClient.invalidateQueries({ queryKey: communityKeys.userCollections(ownerUserId) });
    },
  });
}

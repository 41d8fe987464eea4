import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { apiErrorMessage } from '../../../shared/api/error-message.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { removePostEverywhere } from './community-cache.ts';
import { COMMUNITY_KEY } from './query-keys.ts';

/** DELETE /api/community/posts/{id}: the author's own post, or any post for an admin. */
export function deletePost(postId: string) {
  return apiFetch<{ ok: true }>(`/api/community/posts/${encodeURIComponent(postId)}`, {
    method: 'DELETE',
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: async (_ok, postId) => {
      toast({ title: 'Post deleted' });
      removePostEverywhere(queryClient, postId);
      // Post counts and collections' quote counts change with it.
      const counted = new Set(['me', 'profile', 'user-collections', 'collection']);
      await queryClient.invalidateQueries({
        queryKey: COMMUNITY_KEY,
        predicate: (query) => counted.has(String(query.queryKey[1])),
      });
    },
    onError: (error) => {
      toast({
        title: 'Could not delete the post',
        description: apiErrorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

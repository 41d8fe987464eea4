import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { CONVERSATIONS_KEY } from './get-conversations.ts';

/** DELETE /api/conversations/{id}. */
export function deleteConversation(id: string) {
  return apiFetch<{ ok: true }>(`/api/conversations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    // Not awaited: the caller's own callbacks must run before the refreshed list unmounts its item.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
}

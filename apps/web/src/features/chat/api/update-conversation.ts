import type { ConversationSummary } from '@samvad/contracts/conversations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { CONVERSATIONS_KEY } from './get-conversations.ts';

export type ConversationChange = { title: string } | { archived: boolean };

/** PATCH /api/conversations/{id}: rename, or archive/restore. */
export function updateConversation(id: string, change: ConversationChange) {
  return apiFetch<ConversationSummary>(`/api/conversations/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: change,
  });
}

export function useUpdateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ConversationChange }) =>
      updateConversation(id, change),
    // Not awaited: the caller's own callbacks must run before the refreshed list unmounts its item.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
}

import type { Conversation } from '@samvad/contracts/conversations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/**
 * GET /api/conversations/{id}: any conversation with its messages, deleted ones included, for
 * an admin. Keyed apart from the chat's own cache of the same call.
 */
export function getConversationMessages(id: string): Promise<Conversation> {
  return apiFetch<Conversation>(`/api/conversations/${encodeURIComponent(id)}`);
}

export const conversationMessagesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', '/api/conversations', id] as const,
    queryFn: () => getConversationMessages(id),
    staleTime: 0,
  });

export function useConversationMessages(id: string) {
  return useQuery(conversationMessagesQueryOptions(id));
}

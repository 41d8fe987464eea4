import type { Conversation } from '@samvad/contracts/conversations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

export const conversationKey = (id: string) => ['/api/conversations', id] as const;

/**
 * GET /api/conversations/{id}: one of the member's conversations with its newest messages; with
 * `before` (a previous answer's `nextCursor`), the page of messages before those.
 */
export function getConversation(id: string, before?: string): Promise<Conversation> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return apiFetch<Conversation>(`/api/conversations/${encodeURIComponent(id)}${query}`);
}

export const conversationQueryOptions = (id: string) =>
  queryOptions({ queryKey: conversationKey(id), queryFn: () => getConversation(id) });

export function useConversation(id: string | null) {
  return useQuery({ ...conversationQueryOptions(id ?? ''), enabled: id !== null });
}

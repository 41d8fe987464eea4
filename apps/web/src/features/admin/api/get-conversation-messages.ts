import type { Conversation } from '@samvad/contracts/conversations';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/**
 * GET /api/conversations/{id}: any conversation with its newest messages, deleted ones included,
 * for an admin; with `before` (a page's `nextCursor`), the page before. Keyed apart from the
 * chat's own cache of the same call.
 */
export function getConversationMessages(id: string, before?: string): Promise<Conversation> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return apiFetch<Conversation>(`/api/conversations/${encodeURIComponent(id)}${query}`);
}

/** Pages from the newest back: each next page holds older messages. */
export const conversationMessagesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['admin', '/api/conversations', id] as const,
    queryFn: ({ pageParam }) => getConversationMessages(id, pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.hasMore && page.nextCursor ? page.nextCursor : null),
    staleTime: 0,
  });

export function useConversationMessages(id: string) {
  return useInfiniteQuery(conversationMessagesQueryOptions(id));
}

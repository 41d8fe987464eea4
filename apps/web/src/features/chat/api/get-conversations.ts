import type { ConversationList } from '@samvad/contracts/conversations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

export const CONVERSATIONS_KEY = ['/api/conversations'] as const;

/** GET /api/conversations: a member's active and archived lists (spec: empty on error). */
export async function getConversations(): Promise<ConversationList> {
  try {
    return await apiFetch<ConversationList>('/api/conversations');
  } catch (error) {
    console.error('Failed to fetch conversations', error);
    return { active: [], archived: [] };
  }
}

export const conversationsQueryOptions = () =>
  queryOptions({ queryKey: CONVERSATIONS_KEY, queryFn: getConversations });

/** Only fetched when signed in. */
export function useConversations(enabled: boolean) {
  return useQuery({ ...conversationsQueryOptions(), enabled });
}

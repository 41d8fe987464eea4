import type { AdminConversationListResponse } from '@samvad/contracts/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { pageSearch } from '../lib/page-search.ts';

export const ADMIN_CONVERSATIONS_KEY = ['/api/admin/conversations'] as const;

export interface AdminConversationsQuery {
  /** One user's conversations; empty for everyone's. */
  userId: string;
  page: number;
  pageSize: number;
}

/** GET /api/admin/conversations: newest first, deleted ones included. */
export function getAdminConversations(
  request: AdminConversationsQuery,
): Promise<AdminConversationListResponse> {
  const search = pageSearch(request, { userId: request.userId });
  return apiFetch<AdminConversationListResponse>(`/api/admin/conversations?${search}`);
}

export const adminConversationsQueryOptions = (request: AdminConversationsQuery) =>
  queryOptions({
    queryKey: [...ADMIN_CONVERSATIONS_KEY, request],
    queryFn: () => getAdminConversations(request),
    // Members keep talking: a tab shown again asks afresh.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminConversations(request: AdminConversationsQuery) {
  return useQuery(adminConversationsQueryOptions(request));
}

import type { AdminUserListResponse } from '@samvad/contracts/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { pageSearch } from '../lib/page-search.ts';

export const ADMIN_USERS_KEY = ['/api/admin/users'] as const;

export interface AdminUsersQuery {
  query: string;
  page: number;
  pageSize: number;
}

/** GET /api/admin/users: name, email or username matching `query`, a page at a time. */
export function getAdminUsers(request: AdminUsersQuery): Promise<AdminUserListResponse> {
  const search = pageSearch(request, { query: request.query.trim() });
  return apiFetch<AdminUserListResponse>(`/api/admin/users?${search}`);
}

export const adminUsersQueryOptions = (request: AdminUsersQuery) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, request],
    queryFn: () => getAdminUsers(request),
    // Others act too (sign-ups, other admins): a tab shown again asks afresh.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(request: AdminUsersQuery) {
  return useQuery(adminUsersQueryOptions(request));
}

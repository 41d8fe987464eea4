import type { AdminAction, AdminLogListResponse } from '@samvad/contracts/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { pageSearch } from '../lib/page-search.ts';

/** Every admin action writes a row: the mutations refresh this key after each one. */
export const ADMIN_LOGS_KEY = ['/api/admin/logs'] as const;

export interface AdminLogFilters {
  action: AdminAction | '';
  adminId?: string;
  targetUserId?: string;
}

const filterParams = (filters: AdminLogFilters) => ({
  action: filters.action,
  adminId: filters.adminId,
  targetUserId: filters.targetUserId,
});

/** GET /api/admin/logs: newest first. */
export function getAdminLogs(
  request: AdminLogFilters & { page: number; pageSize: number },
): Promise<AdminLogListResponse> {
  return apiFetch<AdminLogListResponse>(
    `/api/admin/logs?${pageSearch(request, filterParams(request))}`,
  );
}

/** GET /api/admin/logs.csv with the same filters: the Export CSV link (a download). */
export function adminLogsCsvUrl(filters: AdminLogFilters): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filterParams(filters))) {
    if (value) search.set(name, value);
  }
  const query = search.toString();
  return query ? `/api/admin/logs.csv?${query}` : '/api/admin/logs.csv';
}

export const adminLogsQueryOptions = (
  request: AdminLogFilters & { page: number; pageSize: number },
) =>
  queryOptions({
    queryKey: [...ADMIN_LOGS_KEY, request],
    queryFn: () => getAdminLogs(request),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminLogs(request: AdminLogFilters & { page: number; pageSize: number }) {
  return useQuery(adminLogsQueryOptions(request));
}

import type { UserMetricsResponse } from '@samvad/contracts/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { pageSearch } from '../lib/page-search.ts';

export const USER_METRICS_KEY = ['/api/admin/user-metrics'] as const;

/** GET /api/admin/user-metrics: per-user counts, a page at a time. */
export function getUserMetrics(request: {
  page: number;
  pageSize: number;
}): Promise<UserMetricsResponse> {
  return apiFetch<UserMetricsResponse>(`/api/admin/user-metrics?${pageSearch(request, {})}`);
}

export const userMetricsQueryOptions = (request: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...USER_METRICS_KEY, request],
    queryFn: () => getUserMetrics(request),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useUserMetrics(request: { page: number; pageSize: number }) {
  return useQuery(userMetricsQueryOptions(request));
}

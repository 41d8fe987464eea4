import type { DailyUsageResponse } from '@samvad/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** GET /api/admin/usage/daily: requests per day for the last 30 days, oldest first. */
export function getDailyUsage(userId: string): Promise<DailyUsageResponse> {
  const search = userId ? `?${new URLSearchParams({ userId })}` : '';
  return apiFetch<DailyUsageResponse>(`/api/admin/usage/daily${search}`);
}

export const dailyUsageQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['/api/admin/usage/daily', userId] as const,
    queryFn: () => getDailyUsage(userId),
    staleTime: 0,
  });

/** Everyone's requests, or one user's when `userId` is set. */
export function useDailyUsage(userId: string) {
  return useQuery(dailyUsageQueryOptions(userId));
}

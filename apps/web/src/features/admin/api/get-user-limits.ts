import type { UserRateLimit } from '@samvad/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

export const USER_LIMITS_KEY = ['/api/admin/rate-limits/users'] as const;

/** GET /api/admin/rate-limits/users: every user with custom limits. */
export function getUserLimits(): Promise<{ limits: UserRateLimit[] }> {
  return apiFetch<{ limits: UserRateLimit[] }>('/api/admin/rate-limits/users');
}

export const userLimitsQueryOptions = () =>
  queryOptions({ queryKey: USER_LIMITS_KEY, queryFn: getUserLimits, staleTime: 0 });

export function useUserLimits() {
  return useQuery(userLimitsQueryOptions());
}

import type { GlobalLimits } from '@samvad/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

export const GLOBAL_LIMITS_KEY = ['/api/admin/rate-limits/global'] as const;

/** GET /api/admin/rate-limits/global: the defaults for users without custom limits. */
export function getGlobalLimits(): Promise<GlobalLimits> {
  return apiFetch<GlobalLimits>('/api/admin/rate-limits/global');
}

export const globalLimitsQueryOptions = () =>
  queryOptions({ queryKey: GLOBAL_LIMITS_KEY, queryFn: getGlobalLimits, staleTime: 0 });

export function useGlobalLimits() {
  return useQuery(globalLimitsQueryOptions());
}

import type { SessionResponse } from '@samvad/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

const MINUTE = 60_000;

/**
 * GET /api/auth/session. Spec §7: null on error (the visitor is then treated as signed out);
 * a 403 banned answer has already sent the page to /banned inside apiFetch.
 */
export async function getSession(): Promise<SessionResponse | null> {
  try {
    return await apiFetch<SessionResponse>('/api/auth/session');
  } catch {
    return null;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/session'],
    queryFn: getSession,
    staleTime: 5 * MINUTE,
    refetchInterval: 10 * MINUTE,
    refetchIntervalInBackground: false,
    gcTime: 30 * MINUTE,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

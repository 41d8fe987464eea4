import type { BannedResponse, SessionResponse } from '@samvad/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch, isBannedError } from '../../../shared/api/api-client.ts';

const MINUTE = 60_000;

/**
 * GET /api/auth/session. A 401 means a visitor (null). A 403 banned answer becomes a banned
 * session, so every screen knows the ban (apiFetch has also sent the page to /banned). Any
 * other failure (network, 5xx) rejects: the app shell then shows its "Session Error" page.
 */
export async function getSession(): Promise<SessionResponse | null> {
  try {
    return await apiFetch<SessionResponse>('/api/auth/session');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    const banned = bannedSessionOf(error);
    if (banned) return banned;
    throw error;
  }
}

function bannedSessionOf(error: unknown): SessionResponse | null {
  if (!isBannedError(error)) return null;
  const body = error.body as Partial<BannedResponse>;
  return {
    user: body.user ?? null,
    banned: true,
    ...(typeof body.message === 'string' ? { message: body.message } : {}),
    banReason: body.reason ?? null,
  };
}

export const sessionQueryKey = ['/api/auth/session'] as const;

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    staleTime: 5 * MINUTE,
    refetchInterval: 10 * MINUTE,
    refetchIntervalInBackground: false,
    gcTime: 30 * MINUTE,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

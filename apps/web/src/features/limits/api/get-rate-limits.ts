import type { UserRateLimits } from '@samvad/contracts/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** GET /api/user/rate-limits: the caller's limits and usage; guests get the defaults. */
export async function getRateLimits(): Promise<UserRateLimits> {
  // Checked, so a malformed answer becomes a query error rather than NaN chips. By hand: the
  // schema library is kept off the chat's first paint.
  const body = await apiFetch<unknown>('/api/user/rate-limits');
  if (!isRateLimits(body)) throw new Error('Malformed rate-limit record');
  return body;
}

const NUMERIC_FIELDS = [
  'maxRequestsPerDay',
  'maxMessagesPerConversation',
  'maxConversations',
  'totalRequestsMade',
  'totalMessagesSent',
  'totalConversationsCreated',
  'requestsUsedDay',
] as const;

function isRateLimits(body: unknown): body is UserRateLimits {
  if (typeof body !== 'object' || body === null) return false;
  const record = body as Record<string, unknown>;
  return (
    NUMERIC_FIELDS.every((field) => Number.isInteger(record[field])) &&
    typeof record.isGuest === 'boolean'
  );
}

/** The chat screen invalidates this key after each chat request. */
export const RATE_LIMITS_QUERY_KEY = ['/api/user/rate-limits'] as const;

/**
 * Spec §7: always enabled and refetched on window focus. The app's defaults never let data go
 * stale, so focus refetching has to be 'always' (true would only refetch stale data).
 */
export const rateLimitsQueryOptions = () =>
  queryOptions({
    queryKey: RATE_LIMITS_QUERY_KEY,
    queryFn: getRateLimits,
    refetchOnWindowFocus: 'always',
  });

export function useRateLimits() {
  return useQuery(rateLimitsQueryOptions());
}

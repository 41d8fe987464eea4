import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import type { AvailabilityAnswer } from '../lib/username-status.ts';
import { communityKeys, segment } from './query-keys.ts';

/** GET /api/community/profiles/{username}/available: free to take, or why not. */
export function checkUsername(username: string, signal?: AbortSignal) {
  return apiFetch<AvailabilityAnswer>(`/api/community/profiles/${segment(username)}/available`, {
    signal,
  });
}

export const usernameAvailabilityQueryOptions = (username: string) =>
  queryOptions({
    queryKey: communityKeys.availability(username),
    queryFn: ({ signal }) => checkUsername(username, signal),
    // Someone else may take it meanwhile: an answer is good for a short while only.
    staleTime: 10_000,
  });

/** Asked only for a name that passes the rules (`enabled`), once typing has paused. */
export function useUsernameAvailability(username: string, enabled: boolean) {
  return useQuery({ ...usernameAvailabilityQueryOptions(username), enabled });
}

import type { ProfilePage } from '@samvad/contracts/community';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { communityKeys, withQuery } from './query-keys.ts';

export const SUGGESTED_COUNT = 5;

/** GET /api/community/profiles/suggested: members worth following (not the viewer). */
export function getSuggestedProfiles(signal?: AbortSignal) {
  return apiFetch<ProfilePage>(
    withQuery('/api/community/profiles/suggested', { limit: SUGGESTED_COUNT }),
    { signal },
  );
}

export const suggestedProfilesQueryOptions = () =>
  queryOptions({
    queryKey: communityKeys.suggested(),
    queryFn: ({ signal }) => getSuggestedProfiles(signal),
    staleTime: 60_000,
  });

export function useSuggestedProfiles() {
  return useQuery(suggestedProfilesQueryOptions());
}

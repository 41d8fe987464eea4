import type { Profile } from '@samvad/contracts/community';
import { communityText } from '@samvad/contracts/community-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { isNotFound } from '../lib/action-error.ts';
import { communityKeys, segment } from './query-keys.ts';

/** GET /api/community/profiles/{username} (404 when there is none). */
export async function getProfile(username: string, signal?: AbortSignal): Promise<Profile> {
  const { profile } = await apiFetch<{ profile: Profile }>(
    `/api/community/profiles/${segment(username)}`,
    { signal },
  );
  return profile;
}

export const profileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: communityKeys.profile(username),
    queryFn: async ({ signal }) => {
      try {
        return await getProfile(username, signal);
      } catch (error) {
        // A missing profile is a page state ('Profile Not Found'), not a failure to report.
        if (!isNotFound(error) && !signal.aborted) {
          toast({ title: communityText.profileLoadFailed, variant: 'destructive' });
        }
        throw error;
      }
    },
    // Counts move as others follow and post: look again when the page is opened anew.
    staleTime: 30_000,
  });

export function useProfile(username: string) {
  return useQuery(profileQueryOptions(username));
}

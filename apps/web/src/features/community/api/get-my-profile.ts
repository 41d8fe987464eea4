import type { Profile } from '@samvad/contracts/community';
import { communityText } from '@samvad/contracts/community-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { communityKeys } from './query-keys.ts';

/** GET /api/community/me: the viewer's own profile; null for a visitor or before creating one. */
export async function getMyProfile(signal?: AbortSignal): Promise<Profile | null> {
  const { profile } = await apiFetch<{ profile: Profile | null }>('/api/community/me', { signal });
  return profile;
}

export const myProfileQueryOptions = () =>
  queryOptions({
    queryKey: communityKeys.me(),
    queryFn: ({ signal }) => getMyProfile(signal),
    meta: { errorToast: { title: communityText.profileLoadFailed } },
  });

export function useMyProfile(enabled = true) {
  return useQuery({ ...myProfileQueryOptions(), enabled });
}

import type { Profile, UpdateProfileRequest } from '@samvad/contracts/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { COMMUNITY_KEY, communityKeys } from './query-keys.ts';

/** PATCH /api/community/profiles/me: only the fields that changed. */
export async function updateProfile(request: UpdateProfileRequest): Promise<Profile> {
  const { profile } = await apiFetch<{ profile: Profile }>('/api/community/profiles/me', {
    method: 'PATCH',
    body: request,
  });
  return profile;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(communityKeys.me(), profile);
      queryClient.setQueryData(communityKeys.profile(profile.username), profile);
      // The name shows beside every post and in every list: refresh what is on screen.
      await queryClient.invalidateQueries({
        queryKey: COMMUNITY_KEY,
        predicate: (query) => query.queryKey[1] !== 'me',
      });
    },
  });
}

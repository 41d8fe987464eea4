import type { CreateProfileRequest, Profile } from '@samvad/contracts/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { COMMUNITY_KEY, communityKeys } from './query-keys.ts';

/** POST /api/community/profiles: the display name defaults to the username, an empty bio is null. */
export async function createProfile(request: CreateProfileRequest): Promise<Profile> {
  const { profile } = await apiFetch<{ profile: Profile }>('/api/community/profiles', {
    method: 'POST',
    body: request,
  });
  return profile;
}

export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(communityKeys.me(), profile);
      // Suggestions, feeds and "is me" flags all change once the viewer has a profile.
      await queryClient.invalidateQueries({
        queryKey: COMMUNITY_KEY,
        predicate: (query) => query.queryKey[1] !== 'me',
      });
    },
  });
}

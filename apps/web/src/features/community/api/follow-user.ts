import type { Profile } from '@samvad/contracts/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { actionFailureToast } from '../lib/action-error.ts';
import { followedProfile } from '../lib/post-cache.ts';
import { updateProfileEverywhere } from './community-cache.ts';
import { COMMUNITY_KEY } from './query-keys.ts';

/** POST (follow) or DELETE (unfollow) /api/community/follow/{userId}. */
export function setFollowing(userId: string, following: boolean) {
  return apiFetch<{ following: boolean; followerCount: number }>(
    `/api/community/follow/${encodeURIComponent(userId)}`,
    { method: following ? 'POST' : 'DELETE' },
  );
}

/** `viewerUserId` is null while the session loads: the viewer's own count is then left alone. */
type Variables = { profile: Profile; following: boolean; viewerUserId: string | null };

/**
 * Follow and unfollow, optimistically (spec §4): every copy of the profile changes at once and
 * the viewer's following count with it; a refusal puts both back, with "Action failed".
 */
export function useFollow() {
  const queryClient = useQueryClient();
  const moveFollowing = (viewerUserId: string | null, by: number) => {
    if (viewerUserId === null) return;
    updateProfileEverywhere(queryClient, viewerUserId, (me) => ({
      ...me,
      followingCount: Math.max(0, me.followingCount + by),
    }));
  };

  return useMutation({
    mutationFn: ({ profile, following }: Variables) => setFollowing(profile.userId, following),
    onMutate: ({ profile, following, viewerUserId }: Variables) => {
      const changes = profile.isFollowing !== following;
      updateProfileEverywhere(queryClient, profile.userId, (p) => followedProfile(p, following));
      if (changes) moveFollowing(viewerUserId, following ? 1 : -1);
      return { before: profile, changes };
    },
    onSuccess: (result, { profile }) => {
      updateProfileEverywhere(queryClient, profile.userId, (p) =>
        p.isFollowing === result.following && p.followerCount === result.followerCount
          ? p
          : { ...p, isFollowing: result.following, followerCount: result.followerCount },
      );
      toast({
        title: result.following ? 'Following' : 'Unfollowed',
        description: result.following
          ? `You now follow @${profile.username}.`
          : `You no longer follow @${profile.username}.`,
      });
      // The feed and the network lists now hold other people.
      const moved = new Set(['feed', 'follows']);
      void queryClient.invalidateQueries({
        queryKey: COMMUNITY_KEY,
        predicate: (query) => moved.has(String(query.queryKey[1])),
      });
    },
    onError: (error, { profile, viewerUserId }, context) => {
      const before = context?.before ?? profile;
      updateProfileEverywhere(queryClient, profile.userId, (p) => ({
        ...p,
        isFollowing: before.isFollowing,
        followerCount: before.followerCount,
      }));
      if (context?.changes) moveFollowing(viewerUserId, before.isFollowing ? 1 : -1);
      toast(actionFailureToast(error));
    },
  });
}

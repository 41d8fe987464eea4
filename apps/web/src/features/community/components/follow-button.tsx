import type { Profile } from '@samvad/contracts/community';
import { UserCheck, UserPlus } from 'lucide-react';
import { Button, type ButtonProps } from '../../../shared/ui/button.tsx';
import { useFollow } from '../api/follow-user.ts';
import { useCommunity } from './community-context.tsx';

/**
 * Follow / Unfollow (spec §2, §6): hidden on one's own profile; 'Sign in to Follow' for a
 * visitor, which asks them to sign in. The label says what a press does, so no aria-pressed.
 */
export function FollowButton({
  profile,
  size = 'md',
  className,
}: {
  profile: Profile;
  size?: ButtonProps['size'];
  className?: string;
}) {
  const { viewer, requireMember } = useCommunity();
  const follow = useFollow();
  if (profile.isMe) return null;
  if (viewer.status === 'signed-in' && viewer.userId === profile.userId) return null;

  if (viewer.status === 'signed-out') {
    return (
      <Button variant="outline" size={size} className={className} onClick={() => requireMember()}>
        <UserPlus aria-hidden />
        Sign in to Follow
      </Button>
    );
  }

  const following = profile.isFollowing;
  return (
    <Button
      variant={following ? 'outline' : 'primary'}
      size={size}
      className={className}
      aria-label={`${following ? 'Unfollow' : 'Follow'} @${profile.username}`}
      onClick={() => {
        if (follow.isPending || !requireMember()) return;
        const viewerUserId = viewer.status === 'signed-in' ? viewer.userId : null;
        follow.mutate({ profile, following: !following, viewerUserId });
      }}
    >
      {following ? <UserCheck aria-hidden /> : <UserPlus aria-hidden />}
      {following ? 'Unfollow' : 'Follow'}
    </Button>
  );
}

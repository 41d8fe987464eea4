import type { Profile } from '@samvad/contracts/community';
import { Link } from 'react-router';
import { communityPaths } from '../lib/community-paths.ts';
import { FollowButton } from './follow-button.tsx';
import { ProfileAvatar } from './profile-avatar.tsx';

/** A member in a list (suggestions, followers, search results), with a Follow button. */
export function ProfileRow({ profile, showBio = false }: { profile: Profile; showBio?: boolean }) {
  return (
    <li className="flex items-center gap-3 py-2.5">
      <ProfileAvatar person={profile} />
      <div className="min-w-0 flex-1">
        <Link
          to={communityPaths.profile(profile.username)}
          className="block truncate text-sm font-semibold text-foreground hover:underline"
        >
          {profile.displayName}
        </Link>
        <p className="truncate text-xs text-muted-foreground">@{profile.username}</p>
        {showBio && profile.bio && (
          <p className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">{profile.bio}</p>
        )}
      </div>
      <FollowButton profile={profile} size="md" className="h-9 px-3.5" />
    </li>
  );
}

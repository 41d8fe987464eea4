import type { Profile } from '@samvad/contracts/community';
import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../shared/ui/button.tsx';
import { communityPaths } from '../lib/community-paths.ts';
import { FollowButton } from './follow-button.tsx';
import { ProfileAvatar } from './profile-avatar.tsx';

const count = new Intl.NumberFormat('en-US');

/**
 * The top of a profile (spec §2): avatar, display name, @username, bio, the counts of posts,
 * followers and following; Edit Profile on one's own, Follow or Unfollow on others'.
 */
export function ProfileHeader({ profile }: { profile: Profile }) {
  const stats = [
    { key: 'posts', label: profile.postCount === 1 ? 'Post' : 'Posts', value: profile.postCount },
    {
      key: 'followers',
      label: profile.followerCount === 1 ? 'Follower' : 'Followers',
      value: profile.followerCount,
    },
    { key: 'following', label: 'Following', value: profile.followingCount },
  ];
  return (
    <section
      aria-labelledby="profile-name"
      className="rounded-2xl border border-border bg-card p-5 shadow-xs sm:p-6"
    >
      <div className="flex flex-wrap items-start gap-4 sm:gap-5">
        <ProfileAvatar person={profile} size="lg" />
        <div className="min-w-0 flex-1 basis-48">
          <h1
            id="profile-name"
            className="font-serif text-2xl font-medium tracking-tight break-words sm:text-3xl"
          >
            {profile.displayName}
          </h1>
          <p className="text-sm text-muted-foreground">@{profile.username}</p>
          {profile.bio && (
            <p className="mt-2 text-[0.9375rem] leading-relaxed break-words whitespace-pre-wrap">
              {profile.bio}
            </p>
          )}
        </div>
        <div className="w-full sm:w-auto">
          {profile.isMe ? (
            <Button variant="outline" asChild className="w-full sm:w-auto">
              <Link to={communityPaths.editProfile}>
                <Pencil aria-hidden />
                Edit Profile
              </Link>
            </Button>
          ) : (
            <FollowButton profile={profile} className="w-full sm:w-auto" />
          )}
        </div>
      </div>
      <dl className="mt-5 flex gap-6 border-t border-border pt-4 text-sm">
        {stats.map((stat) => (
          <div key={stat.key} className="flex flex-col-reverse">
            <dt className="text-muted-foreground">{stat.label}</dt>
            {/* Polite: a follow changes the count under the viewer's eyes. */}
            <dd aria-live="polite" className="text-lg font-semibold tabular-nums">
              {count.format(stat.value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Spec §2: 'Profile Not Found', with the way back to the community. */
export function ProfileNotFound() {
  return (
    <section className="mx-auto grid max-w-md gap-3 rounded-2xl border border-border bg-card p-6 text-center shadow-xs">
      <h1 className="font-serif text-2xl font-medium">Profile Not Found</h1>
      <p className="text-sm text-muted-foreground">
        No member goes by that username. It may have been changed or never existed.
      </p>
      <Button asChild variant="outline" className="mx-auto">
        <Link to={communityPaths.home}>Back to Community</Link>
      </Button>
    </section>
  );
}

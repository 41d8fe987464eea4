import {
  ChevronRight,
  FolderHeart,
  LoaderCircle,
  LogOut,
  Pencil,
  UserPlus,
  UserRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { Button } from '../../../shared/ui/button.tsx';
import { communityPaths } from '../lib/community-paths.ts';
import { useCommunity } from './community-context.tsx';
import { PageLoading } from './page-card.tsx';
import { ProfileAvatar } from './profile-avatar.tsx';

/**
 * /community/settings: the member's profile links (edit it, their collections), the theme and
 * signing out. The theme control and signing out are the app's, passed in by the page.
 */
export function SettingsPage({
  themeControl,
  onSignOut,
  signingOut,
}: {
  themeControl: ReactNode;
  onSignOut(): void;
  signingOut: boolean;
}) {
  const { viewer, me } = useCommunity();
  if (viewer.status === 'signed-out') return <Navigate to={communityPaths.home} replace />;
  if (viewer.status === 'loading' || me === undefined) return <PageLoading />;

  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-xl gap-4">
      <h1 className="font-serif text-2xl font-medium tracking-tight sm:text-3xl">Settings</h1>
      <section
        aria-labelledby="settings-profile"
        className="rounded-2xl border border-border bg-card shadow-xs"
      >
        <h2 id="settings-profile" className="px-5 pt-4 text-sm font-semibold">
          Profile
        </h2>
        {me ? (
          <>
            <div className="flex items-center gap-3 px-5 py-3">
              <ProfileAvatar person={me} />
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold">{me.displayName}</p>
                <p className="truncate text-xs text-muted-foreground">@{me.username}</p>
              </div>
            </div>
            <ul className="divide-y divide-border border-t border-border">
              <SettingsLink
                to={communityPaths.profile(me.username)}
                icon={<UserRound aria-hidden />}
              >
                View your profile
              </SettingsLink>
              <SettingsLink to={communityPaths.editProfile} icon={<Pencil aria-hidden />}>
                Edit Profile
              </SettingsLink>
              <SettingsLink
                to={communityPaths.profile(me.username, 'collections')}
                icon={<FolderHeart aria-hidden />}
              >
                Your Collections
              </SettingsLink>
            </ul>
          </>
        ) : (
          <ul className="mt-2 border-t border-border">
            <SettingsLink to={communityPaths.createProfile} icon={<UserPlus aria-hidden />}>
              Create Profile
            </SettingsLink>
          </ul>
        )}
      </section>
      <section
        aria-labelledby="settings-appearance"
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-card px-5 py-3 shadow-xs"
      >
        <div>
          <h2 id="settings-appearance" className="text-sm font-semibold">
            Appearance
          </h2>
          <p className="text-xs text-muted-foreground">Light, dark, or as your device is set.</p>
        </div>
        {themeControl}
      </section>
      <section
        aria-labelledby="settings-account"
        className="flex items-center justify-between gap-3 rounded-2xl border border-border bg-card px-5 py-3 shadow-xs"
      >
        <h2 id="settings-account" className="text-sm font-semibold">
          Account
        </h2>
        <Button variant="outline" onClick={onSignOut} disabled={signingOut}>
          {signingOut ? (
            <LoaderCircle aria-hidden className="animate-spin" />
          ) : (
            <LogOut aria-hidden />
          )}
          Sign out
        </Button>
      </section>
    </div>
  );
}

function SettingsLink({
  to,
  icon,
  children,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <li>
      <Link
        to={to}
        className="flex items-center gap-3 px-5 py-3 text-sm font-medium transition-colors hover:bg-secondary [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground"
      >
        {icon}
        <span className="flex-1">{children}</span>
        <ChevronRight aria-hidden />
      </Link>
    </li>
  );
}

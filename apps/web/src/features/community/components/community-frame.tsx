import { Compass, Home, Settings, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../../shared/lib/cn.ts';
import { communityPaths } from '../lib/community-paths.ts';
import { useCommunity } from './community-context.tsx';

/** Every community page: its own small navigation above the page's content. */
export function CommunityFrame({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex flex-1 flex-col px-4 pt-1 pb-20 sm:px-6">
      <div className="mx-auto grid w-full grid-cols-1 max-w-5xl gap-4 sm:gap-5">
        <CommunityNav />
        {children}
      </div>
    </main>
  );
}

function CommunityNav() {
  const { viewer, me } = useCommunity();
  const links = [
    { to: communityPaths.home, label: 'Home', icon: Home, end: true },
    { to: communityPaths.explore, label: 'Explore', icon: Compass, end: false },
    ...(me
      ? [{ to: communityPaths.profile(me.username), label: 'Profile', icon: UserRound, end: false }]
      : []),
    ...(viewer.status === 'signed-in'
      ? [{ to: communityPaths.settings, label: 'Settings', icon: Settings, end: false }]
      : []),
  ];
  return (
    <nav aria-label="Community" className="-mx-1 overflow-x-auto">
      <ul className="flex gap-1 px-1">
        {links.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  'inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium whitespace-nowrap transition-colors',
                  isActive
                    ? 'bg-secondary text-foreground'
                    : 'text-muted-foreground hover:bg-secondary hover:text-foreground',
                )
              }
            >
              <Icon aria-hidden className="hidden size-4 sm:block" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

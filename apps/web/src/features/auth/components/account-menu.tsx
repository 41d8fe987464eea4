import type { SessionUser } from '@samvad/contracts/auth';
import { lazy } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { DeferredMenu } from '../../../shared/ui/deferred-menu.tsx';
import { UserAvatar } from './user-avatar.tsx';

const loadMenu = () => import('./account-menu-content.tsx');
const AccountMenuContent = lazy(loadMenu);

/** The signed-in user's menu (spec §2): who they are, 'Account settings' (disabled), 'Sign out'. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const displayName = user.name ?? user.username ?? user.email ?? 'Account';
  return (
    <DeferredMenu
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label="Account menu"
          title={displayName}
          aria-haspopup="menu"
          className="p-0"
        >
          <UserAvatar user={user} />
        </Button>
      }
      menu={AccountMenuContent}
      props={{ user }}
      preload={() => void loadMenu()}
    />
  );
}

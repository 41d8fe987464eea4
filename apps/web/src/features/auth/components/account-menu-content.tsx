import type { SessionUser } from '@samvad/contracts/auth';
import { LoaderCircle, LogOut, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactElement } from 'react';
import { MenuContent, menuItemClass } from '../../../shared/ui/menu.tsx';
import { useSignOut } from '../api/sign-out.ts';
import { UserAvatar } from './user-avatar.tsx';

/** The account menu itself (loaded on first use, see AccountMenu). */
export default function AccountMenuContent({
  user,
  trigger,
  defaultOpen,
}: {
  user: SessionUser;
  trigger: ReactElement;
  defaultOpen: boolean;
}) {
  const signOut = useSignOut();
  const displayName = user.name ?? user.username ?? user.email ?? 'Account';

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <MenuContent className="w-64 max-w-[calc(100vw-1.5rem)]">
        <DropdownMenu.Label className="flex items-center gap-3 px-2.5 pt-2 pb-2.5">
          <UserAvatar user={user} className="size-9" />
          <span className="grid min-w-0">
            <span className="truncate text-sm font-medium">{displayName}</span>
            {user.email && user.email !== displayName && (
              <span className="truncate text-xs text-muted-foreground">{user.email}</span>
            )}
          </span>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="mx-1 my-1 h-px bg-border" />
        <DropdownMenu.Item disabled className={menuItemClass}>
          <Settings aria-hidden className="size-4 text-muted-foreground" />
          Account settings
        </DropdownMenu.Item>
        <DropdownMenu.Item
          className={menuItemClass}
          disabled={signOut.isPending}
          onSelect={() => signOut.mutate()}
        >
          {signOut.isPending ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin text-muted-foreground" />
          ) : (
            <LogOut aria-hidden className="size-4 text-muted-foreground" />
          )}
          Sign out
        </DropdownMenu.Item>
      </MenuContent>
    </DropdownMenu.Root>
  );
}

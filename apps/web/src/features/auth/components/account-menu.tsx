import type { SessionUser } from '@samvad/contracts/auth';
import { LoaderCircle, LogOut, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Button } from '../../../shared/ui/button.tsx';
import { MenuContent, menuItemClass } from '../../../shared/ui/menu.tsx';
import { useSignOut } from '../api/sign-out.ts';
import { UserAvatar } from './user-avatar.tsx';

/** The signed-in user's menu (spec §2): who they are, 'Account settings' (disabled), 'Sign out'. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const displayName = user.name ?? user.username ?? user.email ?? 'Account';

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Account menu"
          title={displayName}
          className="p-0"
        >
          <UserAvatar user={user} />
        </Button>
      </DropdownMenu.Trigger>
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

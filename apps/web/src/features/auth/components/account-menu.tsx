import type { SessionUser } from '@samvad/contracts/auth';
import { LoaderCircle, LogOut, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Button } from '../../../shared/ui/button.tsx';
import { useSignOut } from '../api/sign-out.ts';
import { UserAvatar } from './user-avatar.tsx';

const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none select-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-secondary';

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
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-64 max-w-[calc(100vw-1.5rem)] rounded-xl border border-border bg-popover p-1 text-popover-foreground shadow-lg shadow-black/10 data-[state=open]:animate-fade-up"
        >
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
          <DropdownMenu.Item disabled className={itemClass}>
            <Settings aria-hidden className="size-4 text-muted-foreground" />
            Account settings
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
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
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

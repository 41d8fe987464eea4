import type { SessionUser } from '@samvad/contracts/auth';
import { UserRound } from 'lucide-react';
import { Avatar } from 'radix-ui';
import { cn } from '../../../shared/lib/cn.ts';
import { initialsOf } from '../lib/initials.ts';

/** The user's picture; initials (or a person icon) while it loads or when there is none. */
export function UserAvatar({
  user,
  className,
}: {
  user: Pick<SessionUser, 'name' | 'username' | 'email' | 'image'>;
  className?: string;
}) {
  const initials = initialsOf(user.name ?? user.username, user.email);
  return (
    <Avatar.Root
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent-soft align-middle select-none',
        className,
      )}
    >
      {user.image && (
        <Avatar.Image
          src={user.image}
          alt=""
          // Google's picture host refuses requests that carry a referrer from other sites.
          referrerPolicy="no-referrer"
          className="size-full object-cover"
        />
      )}
      <Avatar.Fallback
        delayMs={user.image ? 400 : undefined}
        className="flex size-full items-center justify-center text-xs font-semibold text-foreground"
      >
        {initials || <UserRound aria-hidden className="size-4" />}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}

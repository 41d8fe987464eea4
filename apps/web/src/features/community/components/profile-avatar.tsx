import { UserRound } from 'lucide-react';
import { Avatar } from 'radix-ui';
import { cn } from '../../../shared/lib/cn.ts';
import { initialsOf } from '../lib/initials.ts';
import { toSafeImage } from '../lib/safe-image.ts';

const SIZES = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-20 text-2xl sm:size-24',
} as const;

/** A member's picture, or their initials while it loads and when there is none. */
export function ProfileAvatar({
  person,
  size = 'md',
  className,
}: {
  person: { displayName: string; username: string; profileImage: string | null };
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const initials = initialsOf(person.displayName, person.username);
  const image = toSafeImage(person.profileImage);
  return (
    <Avatar.Root
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent-soft align-middle font-semibold text-foreground select-none',
        SIZES[size],
        className,
      )}
    >
      {image && (
        <Avatar.Image
          src={image}
          alt=""
          // Picture hosts (Google's among them) refuse requests carrying another site's referrer.
          referrerPolicy="no-referrer"
          className="size-full object-cover"
        />
      )}
      <Avatar.Fallback
        delayMs={image ? 400 : undefined}
        className="flex size-full items-center justify-center"
      >
        {initials || <UserRound aria-hidden className="size-1/2" />}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}

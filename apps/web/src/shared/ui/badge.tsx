import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

const variants = {
  neutral: 'border-border bg-secondary text-secondary-foreground',
  primary: 'border-transparent bg-primary text-primary-foreground',
  destructive: 'border-transparent bg-destructive text-destructive-foreground',
  outline: 'border-border text-muted-foreground',
} as const;

type BadgeProps = ComponentProps<'span'> & { variant?: keyof typeof variants };

/** A small pill naming a state ("Deleted", "custom", a role). */
export function Badge({ variant = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3.5',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

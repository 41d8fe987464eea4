import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-border bg-card text-card-foreground shadow-sm shadow-black/[0.03]',
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col gap-2 p-6 pb-0 sm:p-8 sm:pb-0', className)} {...props} />
  );
}

export function CardTitle({ className, ...props }: ComponentProps<'h1'>) {
  return (
    <h1
      className={cn('font-serif text-2xl font-medium tracking-tight sm:text-3xl', className)}
      {...props}
    />
  );
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-6 sm:p-8', className)} {...props} />;
}

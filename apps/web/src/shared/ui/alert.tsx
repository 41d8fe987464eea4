import { CircleAlert, Info } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

type AlertProps = ComponentProps<'div'> & { variant?: 'info' | 'destructive' };

/**
 * An inline message box. The destructive one is announced (role="alert"); the info one is a
 * plain note.
 */
export function Alert({ variant = 'info', className, children, ...props }: AlertProps) {
  const destructive = variant === 'destructive';
  const Icon = destructive ? CircleAlert : Info;
  return (
    <div
      role={destructive ? 'alert' : undefined}
      className={cn(
        'flex items-start gap-2.5 rounded-xl border px-3.5 py-3 text-sm leading-relaxed',
        destructive
          ? 'border-destructive/40 bg-destructive/8 text-destructive'
          : 'border-border bg-muted/60 text-muted-foreground',
        className,
      )}
      {...props}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

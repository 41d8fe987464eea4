import type { ReactNode } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import { Card } from '../../../shared/ui/card.tsx';

/** A card in a dashboard tab: a heading, an optional line under it, tools on the right. */
export function TabSection({
  title,
  description,
  tools,
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  tools?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn('grid min-w-0 gap-4 p-4 sm:p-6', className)}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 className="font-serif text-xl font-medium tracking-tight">{title}</h2>
          {description && (
            <div className="text-sm leading-relaxed text-muted-foreground">{description}</div>
          )}
        </div>
        {tools && <div className="flex flex-wrap items-center gap-2">{tools}</div>}
      </div>
      {children}
    </Card>
  );
}

import { RotateCw } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { Button } from './button.tsx';

/** A page whose data could not load: what happened, and a retry. */
export function LoadError({ onRetry, className }: { onRetry(): void; className?: string }) {
  return (
    <div role="alert" className={cn('flex flex-col gap-4 text-muted-foreground', className)}>
      <p>Something went wrong while loading this page.</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden />
        Try again
      </Button>
    </div>
  );
}

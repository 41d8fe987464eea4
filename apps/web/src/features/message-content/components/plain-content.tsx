import { cn } from '../../../shared/lib/cn.ts';

/**
 * Message text as typed, whitespace kept: user messages, and an assistant reply while the
 * markdown renderer loads. Deliberately tiny so it is in the first paint.
 */
export function PlainContent({ content, className }: { content: string; className?: string }) {
  return (
    <div
      className={cn(
        'min-w-0 text-[0.9375rem] leading-7 break-words whitespace-pre-wrap text-foreground',
        className,
      )}
    >
      {content}
    </div>
  );
}

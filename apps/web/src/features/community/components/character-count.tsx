import { cn } from '../../../shared/lib/cn.ts';

/** "n/500", in the destructive colour once over the limit (spec §5: "the counter shows n/500"). */
export function CharacterCount({ length, max }: { length: number; max: number }) {
  return (
    <span
      className={cn(
        'tabular-nums',
        length > max ? 'font-semibold text-destructive' : length > max * 0.9 && 'text-foreground',
      )}
    >
      {length}/{max}
      <span className="sr-only"> characters</span>
    </span>
  );
}

import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../lib/cn.ts';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'id'> & {
  label: ReactNode;
  /** A quiet help line under the label, tied to the box. */
  hint?: ReactNode;
};

/** A native checkbox with its label (native: keyboard, forms and screen readers for free). */
export function Checkbox({ label, hint, className, ...props }: CheckboxProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={cn('flex items-start gap-2.5', className)}>
      <input
        id={id}
        type="checkbox"
        aria-describedby={hint ? hintId : undefined}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
        {...props}
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-foreground">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="text-xs leading-relaxed text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

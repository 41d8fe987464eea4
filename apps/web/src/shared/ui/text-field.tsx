import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../lib/cn.ts';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: ReactNode;
  /** Shown under the input and tied to it (aria-describedby, aria-invalid). */
  error?: string | undefined;
  /** A quiet help line under the input. */
  hint?: ReactNode;
};

/** A labelled input with an optional hint and error message. */
export function TextField({ label, error, hint, className, ...props }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'h-11 w-full rounded-xl border border-input bg-card px-3.5 text-[0.9375rem] text-foreground shadow-xs transition-[border-color,box-shadow] outline-none placeholder:text-muted-foreground',
          'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none',
          'read-only:bg-muted read-only:text-muted-foreground disabled:opacity-60',
          'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25',
        )}
        {...props}
      />
      {hint && (
        <p id={hintId} className="text-xs leading-relaxed text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

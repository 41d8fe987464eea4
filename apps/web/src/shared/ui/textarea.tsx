import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../lib/cn.ts';

type TextareaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: ReactNode;
  /** Visually hidden label (the field's purpose is plain from its surroundings). */
  hideLabel?: boolean;
  /** Shown under the field and tied to it (aria-describedby, aria-invalid). */
  error?: string | undefined;
  /** A quiet line under the field (a character counter, a help text). */
  hint?: ReactNode;
};

/** A labelled multi-line text box, the sibling of TextField. */
export function TextareaField({
  label,
  hideLabel = false,
  error,
  hint,
  className,
  ...props
}: TextareaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={cn('grid gap-1.5', className)}>
      <label
        htmlFor={id}
        className={cn('text-sm font-medium text-foreground', hideLabel && 'sr-only')}
      >
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'min-h-24 w-full resize-y rounded-xl border border-input bg-card px-3.5 py-2.5 text-[0.9375rem] leading-relaxed text-foreground shadow-xs transition-[border-color,box-shadow] outline-none placeholder:text-muted-foreground',
          'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none',
          'disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25',
        )}
        {...props}
      />
      {hint && (
        <div id={hintId} className="text-xs leading-relaxed text-muted-foreground">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

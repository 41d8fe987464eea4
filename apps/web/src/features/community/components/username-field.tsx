import { USERNAME_MAX_LENGTH } from '@samvad/contracts/community-rules';
import { Check, LoaderCircle } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import type { UsernameStatus } from '../lib/username-status.ts';

/**
 * The username box with its live verdict (spec §5): the rules' messages, "Checking…", then
 * "Available" or "This username is already taken". One polite live line says it all, and the
 * box is marked invalid while the name cannot be used.
 */
export function UsernameField({
  value,
  onChange,
  onBlur,
  status,
  showRequired,
}: {
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  status: UsernameStatus;
  /** The empty-name message waits until the box was left or the form sent. */
  showRequired: boolean;
}) {
  const id = useId();
  const statusId = `${id}-status`;
  const invalid =
    (status.kind === 'invalid' && (value.trim() !== '' || showRequired)) || status.kind === 'taken';

  let line: ReactNode = null;
  if (invalid && (status.kind === 'invalid' || status.kind === 'taken')) {
    line = <span className="text-destructive">{status.message}</span>;
  } else if (status.kind === 'checking' && value.trim() !== '') {
    line = (
      <span className="inline-flex items-center gap-1.5 text-muted-foreground">
        <LoaderCircle aria-hidden className="size-3.5 animate-spin" />
        Checking availability…
      </span>
    );
  } else if (status.kind === 'available') {
    line = (
      <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
        <Check aria-hidden className="size-3.5" />
        This username is available
      </span>
    );
  } else if (status.kind === 'unknown') {
    line = (
      <span className="text-muted-foreground">
        Availability could not be checked; it is checked again when you save.
      </span>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        Username
      </label>
      <div className="relative">
        <span
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted-foreground"
        >
          @
        </span>
        <input
          id={id}
          name="username"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={USERNAME_MAX_LENGTH + 10}
          aria-invalid={invalid || undefined}
          aria-describedby={statusId}
          className={cn(
            'h-11 w-full rounded-xl border border-input bg-card pr-3.5 pl-8 text-[0.9375rem] text-foreground shadow-xs transition-[border-color,box-shadow] outline-none placeholder:text-muted-foreground',
            'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none',
            'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25',
          )}
        />
      </div>
      <p id={statusId} aria-live="polite" className="min-h-5 text-sm">
        {line}
      </p>
    </div>
  );
}

import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '../../../shared/lib/cn.ts';

export type ThemeOption = 'light' | 'dark' | 'system';

const OPTIONS = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
] as const;

/**
 * Light, Dark or System as three radio buttons (native: arrow keys and screen readers for
 * free). The choice itself is the app's theme; the settings page passes it in.
 */
export function ThemeChoice({
  value,
  onChange,
}: {
  value: ThemeOption;
  onChange(value: ThemeOption): void;
}) {
  return (
    <fieldset className="flex gap-1 rounded-full border border-border bg-muted/60 p-1">
      <legend className="sr-only">Theme</legend>
      {OPTIONS.map(({ value: option, label, Icon }) => (
        <label
          key={option}
          className={cn(
            'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-full px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground has-[:checked]:bg-card has-[:checked]:text-foreground has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
          )}
        >
          <input
            type="radio"
            name="theme"
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className="sr-only"
          />
          <Icon aria-hidden className="size-4" />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

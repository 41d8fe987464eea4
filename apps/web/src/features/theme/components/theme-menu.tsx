import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactElement } from 'react';
import { MenuContent, menuItemClass } from '../../../shared/ui/menu.tsx';
import { useTheme } from '../hooks/use-theme.ts';
import type { ThemePreference } from '../lib/theme.ts';

const options = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
] as const satisfies ReadonlyArray<{ value: ThemePreference; label: string; Icon: unknown }>;

/** The theme menu itself: Light, Dark or System (loaded on first use, see ThemeToggle). */
export default function ThemeMenu({
  trigger,
  defaultOpen,
}: {
  trigger: ReactElement;
  defaultOpen: boolean;
}) {
  const { preference, setPreference } = useTheme();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <MenuContent className="min-w-40">
        <DropdownMenu.Label className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-muted-foreground">
          Theme
        </DropdownMenu.Label>
        <DropdownMenu.RadioGroup
          value={preference}
          onValueChange={(value) => {
            const chosen = options.find((option) => option.value === value);
            if (chosen) setPreference(chosen.value);
          }}
        >
          {options.map(({ value, label, Icon }) => (
            <DropdownMenu.RadioItem key={value} value={value} className={menuItemClass}>
              <Icon aria-hidden className="size-4 text-muted-foreground" />
              <span className="flex-1">{label}</span>
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden className="size-4 text-primary" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </MenuContent>
    </DropdownMenu.Root>
  );
}

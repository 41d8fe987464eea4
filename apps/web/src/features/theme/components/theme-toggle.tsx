import { Moon, Sun } from 'lucide-react';
import { lazy } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { DeferredMenu } from '../../../shared/ui/deferred-menu.tsx';
import { useTheme } from '../hooks/use-theme.ts';

const loadThemeMenu = () => import('./theme-menu.tsx');
const ThemeMenu = lazy(loadThemeMenu);

/** A menu to pick Light, Dark or System. */
export function ThemeToggle() {
  const { resolvedTheme } = useTheme();
  const TriggerIcon = resolvedTheme === 'dark' ? Moon : Sun;
  return (
    <DeferredMenu
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label="Change theme"
          title="Change theme"
          aria-haspopup="menu"
        >
          <TriggerIcon aria-hidden className="size-[1.125rem]!" />
        </Button>
      }
      menu={ThemeMenu}
      props={{}}
      preload={() => void loadThemeMenu()}
    />
  );
}

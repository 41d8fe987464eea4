import type { UsageLevel } from './usage-levels.ts';

type AlertLevel = Exclude<UsageLevel, 'none'>;

/**
 * One colour per level, shared by the chip and the banner: amber for a warning, orange when
 * almost reached, the theme's destructive red once reached. Text pairs meet AA in both themes.
 */
export const LEVEL_SURFACE: Record<AlertLevel, string> = {
  warning:
    'border-amber-300/80 bg-amber-50 text-amber-950 dark:border-amber-300/25 dark:bg-amber-300/10 dark:text-amber-100',
  almost:
    'border-orange-300/90 bg-orange-50 text-orange-950 dark:border-orange-300/30 dark:bg-orange-400/12 dark:text-orange-100',
  reached: 'border-destructive/40 bg-destructive/8 text-foreground dark:bg-destructive/12',
};

/** The accent (icon, progress) colour of each level. */
export const LEVEL_ACCENT: Record<AlertLevel, string> = {
  warning: 'text-amber-600 dark:text-amber-300',
  almost: 'text-orange-600 dark:text-orange-300',
  reached: 'text-destructive',
};

import { describe, expect, it } from 'vitest';
import { installMatchMedia } from '../../../test/match-media.ts';
import {
  applyInitialTheme,
  applyResolvedTheme,
  DARK_SCHEME_QUERY,
  readThemePreference,
  resolveTheme,
  THEME_STORAGE_KEY,
  watchSystemDark,
  writeThemePreference,
} from './theme.ts';

describe('theme preference storage', () => {
  it('reads light or dark from localStorage key "theme", anything else as system', () => {
    expect(readThemePreference()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(readThemePreference()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(readThemePreference()).toBe('light');
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readThemePreference()).toBe('system');
  });

  it('stores light and dark, and removes the key for system', () => {
    writeThemePreference('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    writeThemePreference('light');
    expect(localStorage.getItem('theme')).toBe('light');
    writeThemePreference('system');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('falls back to system when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
    } as unknown as Storage;
    expect(readThemePreference(broken)).toBe('system');
  });
});

describe('resolving and applying', () => {
  it('system follows the OS; light and dark ignore it', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('puts the dark (or light) class on <html>', () => {
    const root = document.documentElement;
    applyResolvedTheme('dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.classList.contains('light')).toBe(false);
    applyResolvedTheme('light');
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.classList.contains('light')).toBe(true);
  });

  it('applyInitialTheme uses the stored choice, else the OS setting', () => {
    installMatchMedia({ [DARK_SCHEME_QUERY]: true });
    applyInitialTheme();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    applyInitialTheme();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('watchSystemDark reports OS changes until unsubscribed', () => {
    const media = installMatchMedia();
    const seen: boolean[] = [];
    const stop = watchSystemDark((dark) => seen.push(dark));
    media.set(DARK_SCHEME_QUERY, true);
    media.set(DARK_SCHEME_QUERY, false);
    stop();
    media.set(DARK_SCHEME_QUERY, true);
    expect(seen).toEqual([true, false]);
    expect(media.listenerCount(DARK_SCHEME_QUERY)).toBe(0);
  });
});

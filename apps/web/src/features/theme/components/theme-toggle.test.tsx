import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installMatchMedia } from '../../../test/match-media.ts';
import { DARK_SCHEME_QUERY } from '../lib/theme.ts';
import { ThemeProvider } from './theme-provider.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

const html = document.documentElement;

async function choose(label: 'Light' | 'Dark' | 'System') {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Change theme' }));
  await user.click(await screen.findByRole('menuitemradio', { name: label }));
}

function renderToggle() {
  return render(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  );
}

describe('ThemeToggle', () => {
  it('offers Light, Dark and System, with the current choice checked', async () => {
    localStorage.setItem('theme', 'dark');
    renderToggle();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change theme' }));
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(['Light', 'Dark', 'System']);
    expect(items.map((i) => i.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false']);
  });

  it('choosing Dark stores it and darkens the page; an OS change no longer matters', async () => {
    const media = installMatchMedia({ [DARK_SCHEME_QUERY]: false });
    renderToggle();
    expect(html.classList.contains('dark')).toBe(false);

    await choose('Dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);

    act(() => media.set(DARK_SCHEME_QUERY, false));
    expect(html.classList.contains('dark')).toBe(true);
  });

  it('choosing System removes the stored key and follows the OS live', async () => {
    localStorage.setItem('theme', 'light');
    const media = installMatchMedia({ [DARK_SCHEME_QUERY]: true });
    renderToggle();
    expect(html.classList.contains('dark')).toBe(false);

    await choose('System');
    expect(localStorage.getItem('theme')).toBeNull();
    expect(html.classList.contains('dark')).toBe(true);

    act(() => media.set(DARK_SCHEME_QUERY, false));
    expect(html.classList.contains('dark')).toBe(false);
    act(() => media.set(DARK_SCHEME_QUERY, true));
    expect(html.classList.contains('dark')).toBe(true);
  });
});

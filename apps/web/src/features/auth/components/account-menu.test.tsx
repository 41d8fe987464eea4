import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToastsForTests } from '../../../shared/toast/toast-store.ts';
import {
  renderApp,
  requestsTo,
  signedInSession,
  stubApi,
  testUser,
  visitorApi,
} from '../../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToastsForTests();
});

async function openMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Account menu' }));
  return { user, menu: await screen.findByRole('menu') };
}

describe('AccountMenu', () => {
  it('is not shown to a visitor, who keeps the theme menu', async () => {
    stubApi(visitorApi());
    renderApp('/chat');
    await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.getByRole('button', { name: 'Change theme' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
  });

  it("shows the user's initials without a picture, and the name and e-mail in the menu", async () => {
    stubApi({ ...visitorApi(), '/api/auth/session': signedInSession(testUser()) });
    renderApp('/chat');
    const trigger = await screen.findByRole('button', { name: 'Account menu' });
    expect(trigger.textContent).toBe('AD');

    const { menu } = await openMenu();
    expect(within(menu).getByText('Asha Devi')).toBeTruthy();
    expect(within(menu).getByText('asha@example.org')).toBeTruthy();
    const settings = within(menu).getByRole('menuitem', { name: 'Account settings' });
    expect(settings.getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
  });

  it("falls back to the e-mail's initials without a name", async () => {
    const user = testUser({ name: null, email: 'ravi.kumar@example.org' });
    stubApi({ ...visitorApi(), '/api/auth/session': signedInSession(user) });
    renderApp('/chat');
    expect((await screen.findByRole('button', { name: 'Account menu' })).textContent).toBe('RK');
  });

  it('Sign out ends the session, toasts, clears the user and goes home', async () => {
    let signedIn = true;
    const fetchMock = stubApi({
      ...visitorApi(),
      '/api/auth/session': () =>
        signedIn
          ? signedInSession(testUser())
          : { status: 200, body: { user: null, banned: false } },
      '/api/auth/signout': () => {
        signedIn = false;
        return { status: 200, body: { ok: true } };
      },
    });
    const app = renderApp('/chat');
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    const toast = (await screen.findByText('Signed out')).closest('li');
    expect(toast && within(toast).getByText("You've been successfully signed out")).toBeTruthy();
    await waitFor(() => expect(app.path()).toBe('/'));
    expect(requestsTo(fetchMock, '/api/auth/signout', 'POST')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
    expect(await screen.findByRole('link', { name: /Chat Now \(Guest Mode\)/ })).toBeTruthy();
  });

  it("toasts 'Sign out failed' and keeps the user when sign-out fails", async () => {
    stubApi({
      ...visitorApi(),
      '/api/auth/session': signedInSession(testUser()),
      '/api/auth/signout': { status: 500, body: { error: { code: 'internal', message: 'x' } } },
    });
    const app = renderApp('/chat');
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    const toast = (await screen.findByText('Sign out failed')).closest('li');
    expect(
      toast && within(toast).getByText('There was a problem signing out. Please try again.'),
    ).toBeTruthy();
    expect(app.path()).toBe('/chat');
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeTruthy();
  });
});

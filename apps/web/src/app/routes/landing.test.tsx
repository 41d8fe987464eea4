import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assignLocation } from '../../shared/lib/browser-location.ts';
import { resetToastsForTests } from '../../shared/toast/toast-store.ts';
import { installMatchMedia } from '../../test/match-media.ts';
import {
  renderApp,
  signedInSession,
  stubApi,
  testPersona,
  testUser,
  visitorApi,
} from '../../test/render-app.tsx';
import { bannedSession } from '../../test/server-answers.ts';

vi.mock('../../shared/lib/browser-location.ts', () => ({ assignLocation: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(assignLocation).mockReset();
  resetToastsForTests();
});

const user = testUser({ name: 'Asha', email: 'a@example.org' });

describe('landing page', () => {
  it('shows the persona texts and names the tab after the product', async () => {
    stubApi(visitorApi());
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'First line typed' })).toBeTruthy();
    expect(screen.getByText(testPersona.tagline)).toBeTruthy();
    expect(screen.getByText(testPersona.reformerName)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Test Product'));
  });

  it("reads 'Please wait' while loading, then 'Sign in Unavailable' (disabled) without a client id", async () => {
    stubApi(visitorApi(null));
    renderApp('/');
    const waiting = await screen.findByRole('button', { name: 'Please wait' });
    expect(waiting).toHaveProperty('disabled', true);
    const unavailable = await screen.findByRole('button', { name: 'Sign in Unavailable' });
    expect(unavailable).toHaveProperty('disabled', true);
  });

  it('says why sign-in is unavailable: not configured on this server, and what to set', async () => {
    stubApi(visitorApi(null));
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign in Unavailable' });
    const note = await screen.findByText(/^Sign-in is not configured on this server\./);
    expect(note.textContent).toBe(
      'Sign-in is not configured on this server. Administrators: see “Sign in” in the README (set GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and PUBLIC_URL).',
    );
  });

  it('says nothing about configuration when sign-in is configured', async () => {
    stubApi(visitorApi('id.apps.googleusercontent.com'));
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByText(/not configured/)).toBeNull();
  });

  it("keeps 'Please wait' while the session is still loading", async () => {
    stubApi({ ...visitorApi('id.apps'), '/api/auth/session': 'never' });
    renderApp('/');
    await screen.findByText(testPersona.tagline);
    expect(screen.getByRole('button', { name: 'Please wait' })).toHaveProperty('disabled', true);
  });

  it("reads 'Sign in' with a client id and starts the Google sign-in on click", async () => {
    stubApi(visitorApi('id.apps.googleusercontent.com'));
    renderApp('/');
    const signIn = await screen.findByRole('button', { name: 'Sign in' });
    expect(signIn).toHaveProperty('disabled', false);
    await userEvent.setup().click(signIn);
    expect(assignLocation).toHaveBeenCalledWith('/api/auth/google/start');
    expect(screen.getByRole('button', { name: 'Please wait' })).toBeTruthy();
  });

  it("toasts 'Authentication Error' when the client id cannot be fetched", async () => {
    stubApi({
      ...visitorApi(),
      '/api/auth/google-client-id': {
        status: 500,
        body: { error: { code: 'internal', message: 'Internal server error' } },
      },
    });
    renderApp('/');
    const toastTitle = await screen.findByText('Authentication Error');
    const toastEl = toastTitle.closest('li');
    if (!toastEl) throw new Error('the toast is not a Radix toast item');
    expect(
      within(toastEl).getByText(
        'Failed to fetch Google configuration. Authentication may not work properly.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in Unavailable' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it("'Chat Now (Guest Mode)' goes to /chat", async () => {
    stubApi(visitorApi());
    const app = renderApp('/');
    await userEvent
      .setup()
      .click(await screen.findByRole('link', { name: /Chat Now \(Guest Mode\)/ }));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(app.path()).toBe('/chat');
  });

  it('sends a signed-in user on to /chat', async () => {
    stubApi({
      ...visitorApi(),
      '/api/auth/session': signedInSession(user),
    });
    const app = renderApp('/');
    await screen.findByRole('textbox', { name: 'Message' });
    expect(app.path()).toBe('/chat');
  });

  it('sends a banned user to /banned with the reason, kept in sessionStorage', async () => {
    stubApi({
      ...visitorApi(),
      // As the server answers a banned user: 403 with the ban details.
      '/api/auth/session': bannedSession(user, 'Spam'),
    });
    const app = renderApp('/');
    await waitFor(() => expect(app.path()).toBe('/banned?reason=Spam'));
    expect(JSON.parse(sessionStorage.getItem('banDetails') ?? 'null')).toEqual({
      banned: true,
      reason: 'Spam',
    });
  });

  it('shows the first line still, without a caret, to people who prefer reduced motion', async () => {
    installMatchMedia({ '(prefers-reduced-motion: reduce)': true });
    stubApi(visitorApi());
    renderApp('/');
    const heading = await screen.findByRole('heading', { level: 1 });
    const shown = heading.querySelector('[aria-hidden="true"]');
    expect(shown?.textContent).toBe('First line typed');
    expect(heading.querySelector('.animate-caret')).toBeNull();
  });

  it('types the headline when motion is allowed', async () => {
    stubApi(visitorApi());
    renderApp('/');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.querySelector('.animate-caret')).not.toBeNull();
    const typed = () => heading.querySelector('[aria-hidden="true"] > span:last-child');
    // Typed part first, then the untyped rest (kept invisible for a stable layout).
    await waitFor(() => expect(typed()?.firstChild?.textContent).toBe('First'), { timeout: 2000 });
  });
});

describe('not-found fallback', () => {
  it('shows the 404 card for an unknown path', async () => {
    stubApi(visitorApi());
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { assignLocation } from '../../shared/lib/browser-location.ts';
import {
  renderApp,
  requestsTo,
  signedInSession,
  stubApi,
  testUser,
  visitorApi,
} from '../../test/render-app.tsx';
import { bannedSession } from '../../test/server-answers.ts';

vi.mock('../../shared/lib/browser-location.ts', () => ({ assignLocation: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(assignLocation).mockReset();
});

const bannedUser = testUser({ banned: true, isBanned: true, banReason: 'Spamming' });

const bannedAnswer = (reason: string | null) => bannedSession(bannedUser, reason);

const reasonText = () => screen.getByRole('region', { name: 'Reason' }).textContent;

describe('/banned', () => {
  it('shows the reason from the query parameter', async () => {
    stubApi(visitorApi());
    renderApp('/banned?reason=Spamming');
    expect(await screen.findByRole('heading', { name: 'Account Restricted' })).toBeTruthy();
    expect(reasonText()).toContain('Spamming');
  });

  it('prefers the reason kept in sessionStorage', async () => {
    sessionStorage.setItem('banDetails', JSON.stringify({ banned: true, reason: 'Abuse' }));
    stubApi(visitorApi());
    renderApp('/banned?reason=Spamming');
    await screen.findByRole('heading', { name: 'Account Restricted' });
    expect(reasonText()).toContain('Abuse');
  });

  it('falls back to the default reason', async () => {
    sessionStorage.setItem('banDetails', JSON.stringify({ banned: true, reason: null }));
    stubApi(visitorApi());
    renderApp('/banned');
    await screen.findByRole('heading', { name: 'Account Restricted' });
    expect(reasonText()).toContain('Your account has been banned by an administrator.');
  });

  it("shows the banned user's e-mail and what the ban means", async () => {
    // The browser's own address (apiFetch reads it) is the banned screen too.
    window.history.pushState({}, '', '/banned?reason=Spamming');
    onTestFinished(() => window.history.pushState({}, '', '/'));
    stubApi({ ...visitorApi(), '/api/auth/session': bannedAnswer('Spamming') });
    renderApp('/banned?reason=Spamming');
    expect(await screen.findByText('asha@example.org')).toBeTruthy();
    const bullets = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(bullets).toEqual([
      'You cannot use the chat while your account is restricted.',
      'You can still sign in and sign out.',
      'Your conversations may be reviewed by an administrator.',
    ]);
    // Already on the banned screen: no reload, and no account menu for a banned user.
    expect(assignLocation).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
  });

  it("reads 'Account Banned' for an administrator's ban, 'Account Restricted' for one with an end", async () => {
    window.history.pushState({}, '', '/banned');
    onTestFinished(() => window.history.pushState({}, '', '/'));
    stubApi({ ...visitorApi(), '/api/auth/session': bannedAnswer('Spamming') });
    const banned = renderApp('/banned');
    expect(await screen.findByRole('heading', { name: 'Account Banned' })).toBeTruthy();
    banned.unmount();

    const until = '2031-01-02T03:04:00.000Z';
    const restricted = bannedSession(testUser({ bannedUntil: until }), 'Too many requests');
    stubApi({ ...visitorApi(), '/api/auth/session': restricted });
    renderApp('/banned');
    // The restriction's end is shown once the account is known; the title stays the chat spec's.
    await waitFor(() =>
      expect(document.querySelector('time')?.getAttribute('datetime')).toBe(until),
    );
    expect(screen.getByRole('heading', { name: 'Account Restricted' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Account Banned' })).toBeNull();
  });

  it('shows no e-mail to a visitor', async () => {
    stubApi(visitorApi());
    renderApp('/banned?reason=Spamming');
    await screen.findByRole('heading', { name: 'Account Restricted' });
    expect(screen.queryByText(/@/)).toBeNull();
  });

  it('Sign Out signs out, clears both storages and reloads the app at /', async () => {
    localStorage.setItem('theme', 'dark');
    sessionStorage.setItem('banDetails', JSON.stringify({ banned: true, reason: 'Spamming' }));
    const fetchMock = stubApi({
      ...visitorApi(),
      '/api/auth/signout': { status: 200, body: { ok: true } },
    });
    renderApp('/banned?reason=Spamming');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/'));
    expect(requestsTo(fetchMock, '/api/auth/signout', 'POST')).toHaveLength(1);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('Sign Out still leaves when the sign-out call fails', async () => {
    localStorage.setItem('theme', 'dark');
    stubApi({ ...visitorApi(), '/api/auth/signout': 'network-error' });
    renderApp('/banned');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/'));
    expect(localStorage.length).toBe(0);
  });
});

describe('app shell', () => {
  it('sends a banned user from any page to /banned, keeping the reason', async () => {
    stubApi({ ...visitorApi(), '/api/auth/session': bannedAnswer('Hate speech') });
    const app = renderApp('/chat');
    await waitFor(() => expect(app.path()).toBe('/banned?reason=Hate+speech'));
    // Banned by an administrator, without an end: the admin spec's title.
    expect(await screen.findByRole('heading', { name: 'Account Banned' })).toBeTruthy();
    expect(reasonText()).toContain('Hate speech');
    expect(JSON.parse(sessionStorage.getItem('banDetails') ?? 'null')).toEqual({
      banned: true,
      reason: 'Hate speech',
    });
  });

  it('keeps a banned account that has no session on the banned screen, wherever it goes', async () => {
    // A banned sign-in left its details in this tab; the server now answers as for a visitor.
    sessionStorage.setItem('banDetails', JSON.stringify({ banned: true, reason: 'Spamming' }));
    stubApi(visitorApi());
    for (const path of ['/chat', '/', '/community']) {
      const app = renderApp(path);
      await waitFor(() => expect(app.path()).toBe('/banned?reason=Spamming'));
      expect(await screen.findByRole('heading', { name: 'Account Restricted' })).toBeTruthy();
      expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
      app.unmount();
    }
  });

  it('forgets stale ban details once the server signs the tab in as an account in good standing', async () => {
    sessionStorage.setItem('banDetails', JSON.stringify({ banned: true, reason: 'Spamming' }));
    stubApi({ ...visitorApi(), '/api/auth/session': signedInSession(testUser()) });
    const app = renderApp('/chat');
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem('banDetails')).toBeNull());
    expect(app.path()).toBe('/chat');
  });

  it('shows Session Error when the session cannot be loaded; Return to Login goes to /', async () => {
    stubApi({
      ...visitorApi(),
      '/api/auth/session': { status: 500, body: { error: { code: 'internal', message: 'x' } } },
    });
    renderApp('/chat');
    expect(
      await screen.findByRole('heading', {
        name: 'Session Error: There was a problem loading your session',
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Return to Login' }));
    expect(assignLocation).toHaveBeenCalledWith('/');
  });

  it('shows Session Error when the network fails, but not on the banned screen', async () => {
    stubApi({ ...visitorApi(), '/api/auth/session': 'network-error' });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Return to Login' })).toBeTruthy();

    stubApi({ ...visitorApi(), '/api/auth/session': 'network-error' });
    renderApp('/banned?reason=Spamming');
    expect(await screen.findByRole('heading', { name: 'Account Restricted' })).toBeTruthy();
  });
});

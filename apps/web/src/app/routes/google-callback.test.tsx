import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetGoogleCodeExchangesForTests } from '../../features/auth/api/exchange-google-code.ts';
import { OAUTH_REDIRECT_DELAY_MS } from '../../features/auth/hooks/use-google-callback.ts';
import { assignLocation } from '../../shared/lib/browser-location.ts';
import { resetToastsForTests } from '../../shared/toast/toast-store.ts';
import {
  renderApp,
  requestsTo,
  signedInSession,
  stubApi,
  testUser,
  visitorApi,
} from '../../test/render-app.tsx';

vi.mock('../../shared/lib/browser-location.ts', () => ({ assignLocation: vi.fn() }));

const CALLBACK = '/api/auth/google/callback';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(assignLocation).mockReset();
  resetToastsForTests();
  resetGoogleCodeExchangesForTests();
});

/** The toast on screen with this title; fails when there is none. */
async function findToast(title: string) {
  const item = (await screen.findByText(title)).closest('li');
  if (!item) throw new Error(`'${title}' is not in a toast`);
  return item;
}

/** A server that signs the user in when the callback is posted. */
function signInApi() {
  const user = testUser();
  let signedIn = false;
  const fetchMock = stubApi({
    ...visitorApi(),
    '/api/auth/session': () =>
      signedIn ? signedInSession(user) : { status: 200, body: { user: null, banned: false } },
    [CALLBACK]: () => {
      signedIn = true;
      return { status: 200, body: { user } };
    },
  });
  return fetchMock;
}

describe('/auth/google/callback', () => {
  it('waits 2 seconds before leaving (spec "OAuth redirect delay")', () => {
    expect(OAUTH_REDIRECT_DELAY_MS).toBe(2000);
  });

  it('exchanges the code, toasts the success and goes on after 2 seconds', async () => {
    const fetchMock = signInApi();
    const path = '/auth/google/callback?code=c-1&state=s-1&iss=https%3A%2F%2Fissuer.example';
    const app = renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Processing Authentication' })).toBeTruthy();
    const toast = await findToast('Sign in successful');
    expect(within(toast).getByText("You're now signed in to Test Product")).toBeTruthy();
    expect(requestsTo(fetchMock, CALLBACK, 'POST')).toEqual([
      { code: 'c-1', state: 's-1', iss: 'https://issuer.example' },
    ]);
    // The session is refreshed at once; the page stays until the delay is over.
    await waitFor(() => expect(requestsTo(fetchMock, '/api/auth/session').length).toBe(2));
    expect(app.path()).toBe(path);

    await act(() => vi.advanceTimersByTimeAsync(OAUTH_REDIRECT_DELAY_MS));
    // Home, which sends the now signed-in user on to /chat.
    await waitFor(() => expect(app.path()).toBe('/chat'));
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeTruthy();
  });

  it('exchanges a code only once under StrictMode, and still finishes', async () => {
    const fetchMock = signInApi();
    const app = renderApp('/auth/google/callback?code=c-2&state=s-2', { strict: true });

    await findToast('Sign in successful');
    expect(requestsTo(fetchMock, CALLBACK, 'POST')).toEqual([{ code: 'c-2', state: 's-2' }]);
    await act(() => vi.advanceTimersByTimeAsync(OAUTH_REDIRECT_DELAY_MS));
    await waitFor(() => expect(app.path()).toBe('/chat'));
    expect(requestsTo(fetchMock, CALLBACK)).toHaveLength(1);
  });

  it('returns to the page sign-in started from', async () => {
    signInApi();
    sessionStorage.setItem('samvad.signInReturnTo', '/donate');
    const app = renderApp('/auth/google/callback?code=c-5&state=s-5');
    await findToast('Sign in successful');
    await act(() => vi.advanceTimersByTimeAsync(OAUTH_REDIRECT_DELAY_MS));
    await waitFor(() => expect(app.path()).toBe('/donate'));
    expect(sessionStorage.getItem('samvad.signInReturnTo')).toBeNull();
  });

  it("toasts the server's reason when it refuses the code, then goes home", async () => {
    const reason =
      "This sign-in was not started in this browser at this address, or it expired. Sign-in must start and finish on http://localhost:3000 (this server's PUBLIC_URL); open the app there and try again.";
    const fetchMock = stubApi({
      ...visitorApi(),
      [CALLBACK]: { status: 400, body: { error: { code: 'bad_request', message: reason } } },
    });
    const app = renderApp('/auth/google/callback?code=c-3&state=s-3');

    const toast = await findToast('Sign in failed');
    expect(within(toast).getByText(reason)).toBeTruthy();
    expect(requestsTo(fetchMock, CALLBACK, 'POST')).toHaveLength(1);
    expect(app.path()).toBe('/auth/google/callback?code=c-3&state=s-3');

    await act(() => vi.advanceTimersByTimeAsync(OAUTH_REDIRECT_DELAY_MS));
    await waitFor(() => expect(app.path()).toBe('/'));
    expect(await screen.findByRole('link', { name: /Chat Now \(Guest Mode\)/ })).toBeTruthy();
  });

  it("toasts the spec's text on a network error, or an answer without a reason", async () => {
    stubApi({ ...visitorApi(), [CALLBACK]: 'network-error' });
    renderApp('/auth/google/callback?code=c-4&state=s-4');
    const toast = await findToast('Sign in failed');
    expect(
      within(toast).getByText('There was a problem signing in. Please try again.'),
    ).toBeTruthy();
  });

  it("toasts the spec's text when a proxy answers instead of the server", async () => {
    stubApi({ ...visitorApi(), [CALLBACK]: { status: 502, text: '<html>Bad gateway</html>' } });
    renderApp('/auth/google/callback?code=c-6&state=s-6');
    const toast = await findToast('Sign in failed');
    expect(
      within(toast).getByText('There was a problem signing in. Please try again.'),
    ).toBeTruthy();
  });

  it('does not post anything when the provider reports an error', async () => {
    const fetchMock = stubApi(visitorApi());
    const app = renderApp(
      '/auth/google/callback?error=access_denied&error_description=The+user+said+no',
    );

    expect(await findToast('Sign in failed')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Processing Authentication' })).toBeTruthy();
    expect(requestsTo(fetchMock, CALLBACK)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(OAUTH_REDIRECT_DELAY_MS));
    await waitFor(() => expect(app.path()).toBe('/'));
  });

  it('fails without a code or a state', async () => {
    const fetchMock = stubApi(visitorApi());
    renderApp('/auth/google/callback?code=only-a-code');
    expect(await findToast('Sign in failed')).toBeTruthy();
    expect(requestsTo(fetchMock, CALLBACK)).toEqual([]);
  });

  it('lets a banned account go to /banned without a failure toast', async () => {
    stubApi({
      ...visitorApi(),
      [CALLBACK]: {
        status: 403,
        body: {
          error: { code: 'banned', message: 'Your account is banned' },
          banned: true,
          message: 'Your account is banned',
          reason: 'Spamming',
          user: null,
        },
      },
    });
    renderApp('/auth/google/callback?code=c-5&state=s-5');

    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/banned?reason=Spamming'));
    await act(() => vi.advanceTimersByTimeAsync(OAUTH_REDIRECT_DELAY_MS));
    expect(screen.queryByText('Sign in failed')).toBeNull();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assignLocation } from '../../../shared/lib/browser-location.ts';
import { resetToastsForTests } from '../../../shared/toast/toast-store.ts';
import {
  renderApp,
  requestsTo,
  signedInSession,
  stubApi,
  testUser,
  visitorApi,
} from '../../../test/render-app.tsx';
import {
  type GoogleAccountsId,
  type GoogleIdConfiguration,
  isAutomatedBrowser,
  isGoogleClientId,
  resetGoogleIdentityForTests,
} from '../lib/load-google-identity.ts';

vi.mock('../../../shared/lib/browser-location.ts', () => ({ assignLocation: vi.fn() }));

const GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com';
const SCRIPT = 'script[src="https://accounts.google.com/gsi/client"]';
const TOKEN_PATH = '/api/auth/google';
/** A client id at another OIDC issuer (long enough to be more than the suffix test). */
const OTHER_CLIENT_ID = 'samvad-web-client-at-login.example.org';

const scripts = () => document.querySelectorAll<HTMLScriptElement>(SCRIPT);

/** A stand-in for `window.google.accounts.id` that draws a plain button. */
function stubGoogleIdentity() {
  const id = {
    initialize: vi.fn<GoogleAccountsId['initialize']>(),
    renderButton: vi.fn<GoogleAccountsId['renderButton']>((parent) => {
      const button = document.createElement('button');
      button.textContent = 'Continue with Google';
      parent.replaceChildren(button);
    }),
  };
  window.google = { accounts: { id } };
  return {
    ...id,
    /** Signs in as GIS would after the pop-up: calls the callback given to initialize(). */
    async complete(credential: string) {
      const configuration = id.initialize.mock.lastCall?.[0] as GoogleIdConfiguration | undefined;
      if (!configuration) throw new Error('google.accounts.id.initialize() was not called');
      await act(async () => configuration.callback({ credential, select_by: 'btn' }));
    },
  };
}

function setWebdriver(value: boolean) {
  Object.defineProperty(navigator, 'webdriver', { value, configurable: true });
}

/** The toast on screen with this title; fails when there is none. */
async function findToast(title: string) {
  const item = (await screen.findByText(title)).closest('li');
  if (!item) throw new Error(`'${title}' is not in a toast`);
  return item;
}

beforeEach(() => {
  resetGoogleIdentityForTests();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(assignLocation).mockReset();
  resetToastsForTests();
  for (const script of scripts()) script.remove();
  delete window.google;
  Reflect.deleteProperty(navigator, 'webdriver');
});

describe('when Google Identity Services loads', () => {
  it('recognises Google client ids by their suffix', () => {
    expect(isGoogleClientId(GOOGLE_CLIENT_ID)).toBe(true);
    expect(isGoogleClientId('id.apps')).toBe(false);
    expect(isGoogleClientId('.apps.googleusercontent.com')).toBe(false);
    expect(isGoogleClientId(OTHER_CLIENT_ID)).toBe(false);
    expect(isGoogleClientId(`${GOOGLE_CLIENT_ID}.evil.example`)).toBe(false);
    expect(isGoogleClientId(null)).toBe(false);
    expect(isGoogleClientId(undefined)).toBe(false);
  });

  it('treats a browser with navigator.webdriver as automated', () => {
    expect(isAutomatedBrowser({ webdriver: true })).toBe(true);
    expect(isAutomatedBrowser({ webdriver: false })).toBe(false);
  });

  it('does not request the script without a client id', async () => {
    stubApi(visitorApi(null));
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign in Unavailable' });
    expect(scripts()).toHaveLength(0);
  });

  it('does not request the script for a client id that is not Google’s', async () => {
    stubApi(visitorApi(OTHER_CLIENT_ID));
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(scripts()).toHaveLength(0);
  });

  it('does not request the script in an automated browser (navigator.webdriver)', async () => {
    setWebdriver(true);
    stubApi(visitorApi(GOOGLE_CLIENT_ID));
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(scripts()).toHaveLength(0);
  });

  it('requests the script once, async, for a Google client id (even under StrictMode)', async () => {
    setWebdriver(false);
    stubApi(visitorApi(GOOGLE_CLIENT_ID));
    const app = renderApp('/', { strict: true });
    await screen.findByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(scripts()).toHaveLength(1));
    expect(scripts()[0]?.async).toBe(true);

    // Leaving and coming back does not add it again while it is loading.
    app.unmount();
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(scripts()).toHaveLength(1);
  });

  it('initializes GIS and draws its button once the script has loaded', async () => {
    stubApi(visitorApi(GOOGLE_CLIENT_ID));
    renderApp('/');
    await waitFor(() => expect(scripts()).toHaveLength(1));

    const gis = stubGoogleIdentity();
    act(() => {
      scripts()[0]?.dispatchEvent(new Event('load'));
    });

    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(gis.initialize).toHaveBeenCalledTimes(1);
    expect(gis.initialize).toHaveBeenCalledWith({
      client_id: GOOGLE_CLIENT_ID,
      callback: expect.any(Function),
      ux_mode: 'popup',
      use_fedcm_for_prompt: true,
    });
    expect(gis.renderButton).toHaveBeenCalledWith(expect.any(HTMLDivElement), {
      theme: 'outline',
      size: 'large',
      shape: 'pill',
      text: 'continue_with',
    });
    // Drawn under the redirect sign-in button, which keeps working.
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', false);
  });

  it('stays silent when the script cannot be loaded; the redirect button still works', async () => {
    stubApi(visitorApi(GOOGLE_CLIENT_ID));
    renderApp('/');
    await waitFor(() => expect(scripts()).toHaveLength(1));
    act(() => {
      scripts()[0]?.dispatchEvent(new Event('error'));
    });

    await waitFor(() => expect(scripts()).toHaveLength(0));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByText('Sign in failed')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', false);
  });

  it('draws the dark button in the dark theme', async () => {
    localStorage.setItem('theme', 'dark');
    const gis = stubGoogleIdentity();
    stubApi(visitorApi(GOOGLE_CLIENT_ID));
    renderApp('/');
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(gis.renderButton).toHaveBeenLastCalledWith(
      expect.any(HTMLDivElement),
      expect.objectContaining({ theme: 'filled_black' }),
    );
  });
});

describe('signing in with the Google button', () => {
  it('posts the credential, toasts the success and goes to /chat', async () => {
    const gis = stubGoogleIdentity();
    const user = testUser();
    let signedIn = false;
    const fetchMock = stubApi({
      ...visitorApi(GOOGLE_CLIENT_ID),
      '/api/auth/session': () =>
        signedIn ? signedInSession(user) : { status: 200, body: { user: null, banned: false } },
      [TOKEN_PATH]: () => {
        signedIn = true;
        return { status: 200, body: { user } };
      },
    });
    const app = renderApp('/');
    await screen.findByRole('button', { name: 'Continue with Google' });

    await gis.complete('google-id-token');

    const toast = await findToast('Sign in successful');
    expect(within(toast).getByText("You're now signed in to Test Product")).toBeTruthy();
    expect(requestsTo(fetchMock, TOKEN_PATH, 'POST')).toEqual([{ token: 'google-id-token' }]);
    await waitFor(() => expect(app.path()).toBe('/chat'));
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeTruthy();
  });

  it('toasts the failure when the server refuses the credential, and stays', async () => {
    const gis = stubGoogleIdentity();
    const fetchMock = stubApi({
      ...visitorApi(GOOGLE_CLIENT_ID),
      [TOKEN_PATH]: {
        status: 401,
        body: { error: { code: 'unauthorized', message: 'The Google sign-in was not valid.' } },
      },
    });
    const app = renderApp('/');
    await screen.findByRole('button', { name: 'Continue with Google' });

    await gis.complete('bad-token');

    const toast = await findToast('Sign in failed');
    expect(
      within(toast).getByText('There was a problem signing in. Please try again.'),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, TOKEN_PATH, 'POST')).toEqual([{ token: 'bad-token' }]);
    expect(app.path()).toBe('/');
  });

  it('toasts the failure on a network error', async () => {
    const gis = stubGoogleIdentity();
    stubApi({ ...visitorApi(GOOGLE_CLIENT_ID), [TOKEN_PATH]: 'network-error' });
    renderApp('/');
    await screen.findByRole('button', { name: 'Continue with Google' });
    await gis.complete('token');
    expect(await findToast('Sign in failed')).toBeTruthy();
  });

  it('lets a banned account go to /banned without a failure toast', async () => {
    const gis = stubGoogleIdentity();
    stubApi({
      ...visitorApi(GOOGLE_CLIENT_ID),
      [TOKEN_PATH]: {
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
    renderApp('/');
    await screen.findByRole('button', { name: 'Continue with Google' });
    await gis.complete('token');

    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/banned?reason=Spamming'));
    expect(screen.queryByText('Sign in failed')).toBeNull();
  });
});

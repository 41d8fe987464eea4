/**
 * Google Identity Services (GIS): Google's "Sign in with Google" button, offered on the landing
 * page beside the redirect sign-in. Only the little of its API that the app uses is typed here.
 */

/** What GIS hands the callback: `credential` is a Google ID token (a JWT). */
export interface GoogleCredentialResponse {
  credential: string;
  select_by?: string;
}

export interface GoogleIdConfiguration {
  client_id: string;
  callback: (response: GoogleCredentialResponse) => void;
  ux_mode?: 'popup' | 'redirect';
  use_fedcm_for_prompt?: boolean;
}

export interface GoogleButtonConfiguration {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  width?: number;
  locale?: string;
}

/** `window.google.accounts.id`. */
export interface GoogleAccountsId {
  initialize(configuration: GoogleIdConfiguration): void;
  renderButton(parent: HTMLElement, options: GoogleButtonConfiguration): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

/**
 * The GIS script. The server's Content-Security-Policy allows it (and GIS's frames, requests
 * and styles under accounts.google.com/gsi/) only when Google is the configured issuer.
 */
export const GOOGLE_IDENTITY_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/**
 * Google OAuth client ids end with this. The API says only whether a client id is configured,
 * not which issuer it belongs to, so the web app reads Google from the id's shape rather than
 * asking the server: an id for another OIDC issuer (a test or corporate provider) never looks
 * like this, and GIS could not sign in with it anyway.
 */
export const GOOGLE_CLIENT_ID_SUFFIX = '.apps.googleusercontent.com';

export function isGoogleClientId(clientId: string | null | undefined): clientId is string {
  return (
    typeof clientId === 'string' &&
    clientId.length > GOOGLE_CLIENT_ID_SUFFIX.length &&
    clientId.endsWith(GOOGLE_CLIENT_ID_SUFFIX)
  );
}

/**
 * True in a browser driven by automation (Playwright, Selenium, Puppeteer: WebDriver and CDP
 * automation set `navigator.webdriver`). Tests cannot reach Google, and GIS's third-party
 * frames would only slow them down and make them flaky, so the button is not loaded there;
 * the redirect sign-in, which tests drive against a stub provider, stays.
 */
export function isAutomatedBrowser(nav: Pick<Navigator, 'webdriver'> = navigator): boolean {
  return nav.webdriver === true;
}

/** Load GIS only for a Google client id, and not in an automated (test) browser. */
export function shouldLoadGoogleIdentity(clientId: string | null | undefined): clientId is string {
  return isGoogleClientId(clientId) && !isAutomatedBrowser();
}

let loading: Promise<GoogleAccountsId> | null = null;

/**
 * Adds the GIS script once (an async script tag; every caller shares one promise) and resolves
 * with `window.google.accounts.id`. A failed load rejects and is forgotten, so a later visit to
 * the page may try again; callers ignore the failure, as the redirect sign-in still works.
 */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const ready = window.google?.accounts?.id;
    if (ready) {
      resolve(ready);
      return;
    }
    const script = document.createElement('script');
    const fail = (message: string) => {
      script.remove();
      loading = null;
      reject(new Error(message));
    };
    script.src = GOOGLE_IDENTITY_SCRIPT_URL;
    script.async = true;
    script.addEventListener('load', () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else fail('Google Identity Services loaded without google.accounts.id');
    });
    script.addEventListener('error', () => fail('Google Identity Services could not be loaded'));
    document.head.append(script);
  });
  return loading;
}

/** Test helper: forget the load, so the next call adds the script again. */
export function resetGoogleIdentityForTests(): void {
  loading = null;
}

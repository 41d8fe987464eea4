import { assignLocation } from '../../../shared/lib/browser-location.ts';
import { rememberSignInReturn } from './sign-in-return.ts';

/** Where the server starts the Google (OIDC) sign-in; it redirects to the provider. */
export const GOOGLE_SIGN_IN_START_PATH = '/api/auth/google/start';

/**
 * Sign-in uses the redirect flow: the server sends the browser to Google, which returns to
 * /auth/google/callback with a one-time code that the callback page exchanges for a session,
 * then returns to the page sign-in started from (or '/').
 *
 * With a Google client id, the landing page also offers Google's own pop-up button
 * (`components/google-identity-button.tsx`), which posts its credential to POST /api/auth/google.
 */
export function startGoogleSignIn(
  returnTo = `${window.location.pathname}${window.location.search}`,
): void {
  rememberSignInReturn(returnTo);
  assignLocation(GOOGLE_SIGN_IN_START_PATH);
}

import { assignLocation } from '../../../shared/lib/browser-location.ts';

/** Where the server starts the Google (OIDC) sign-in; it redirects to the provider. */
export const GOOGLE_SIGN_IN_START_PATH = '/api/auth/google/start';

/**
 * Sign-in uses the redirect flow: the server sends the browser to Google, which returns to
 * /auth/google/callback with a one-time code that the callback page exchanges for a session.
 *
 * TODO: the Google Identity Services script (the spec's pop-up / One Tap flow, posting its
 * credential to POST /api/auth/google) is not loaded yet: it comes from accounts.google.com,
 * which the server's Content-Security-Policy does not allow (script-src, frame-src, connect-src).
 * Add it once the server's CSP permits it.
 */
export function startGoogleSignIn(): void {
  assignLocation(GOOGLE_SIGN_IN_START_PATH);
}

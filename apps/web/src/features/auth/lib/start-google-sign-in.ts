import { assignLocation } from '../../../shared/lib/browser-location.ts';

/** Where the server starts the Google (OIDC) sign-in; it redirects to the provider. */
export const GOOGLE_SIGN_IN_START_PATH = '/api/auth/google/start';

export function startGoogleSignIn(): void {
  assignLocation(GOOGLE_SIGN_IN_START_PATH);
}

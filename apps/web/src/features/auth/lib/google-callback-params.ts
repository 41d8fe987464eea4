import type { GoogleCallbackParams } from '../api/exchange-google-code.ts';

/** What the provider sent back to /auth/google/callback, read from the query string. */
export type GoogleCallbackRequest =
  | { kind: 'exchange'; params: GoogleCallbackParams }
  /** The provider reported an error (e.g. access_denied), or the code or state is missing. */
  | { kind: 'failed'; error: string };

export function readGoogleCallback(search: string): GoogleCallbackRequest {
  const query = new URLSearchParams(search);
  const error = query.get('error');
  if (error) return { kind: 'failed', error };
  const code = query.get('code');
  const state = query.get('state');
  if (!code || !state) return { kind: 'failed', error: 'missing_code' };
  const iss = query.get('iss');
  return { kind: 'exchange', params: iss ? { code, state, iss } : { code, state } };
}

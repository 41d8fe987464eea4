import type { SignInResponse } from '@samvad/contracts/auth';
import { apiFetch } from '../../../shared/api/api-client.ts';

export interface GoogleCallbackParams {
  code: string;
  state: string;
  iss?: string;
}

/**
 * POST /api/auth/google/callback: trades the provider's one-time code for a session (the server
 * sets the cookie) and answers with the signed-in user.
 */
export function exchangeGoogleCode(params: GoogleCallbackParams): Promise<SignInResponse> {
  return apiFetch<SignInResponse>('/api/auth/google/callback', { method: 'POST', body: params });
}

// A code can be exchanged only once, but React (StrictMode, a remount) may run the callback
// page's effect twice: every run for the same code shares the first request.
const exchanges = new Map<string, Promise<SignInResponse>>();

export function exchangeGoogleCodeOnce(params: GoogleCallbackParams): Promise<SignInResponse> {
  let exchange = exchanges.get(params.code);
  if (!exchange) {
    exchange = exchangeGoogleCode(params);
    exchanges.set(params.code, exchange);
  }
  return exchange;
}

/** Test helper: forget the exchanges made so far. */
export function resetGoogleCodeExchangesForTests(): void {
  exchanges.clear();
}

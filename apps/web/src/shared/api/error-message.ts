import { ApiError } from './api-client.ts';

/**
 * The server's own message for a failed call (an `{ error: { code, message } }` body), else
 * `fallback`: network failures and bodies without an error object get the fallback text.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code && error.serverMessage.trim()) {
    return error.serverMessage;
  }
  return fallback;
}

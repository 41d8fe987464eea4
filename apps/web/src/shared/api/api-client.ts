import type { ErrorCode } from '@samvad/contracts/errors';
import { BANNED_PATH, bannedPath, storeBanDetails } from '../lib/ban-details.ts';
import { assignLocation } from '../lib/browser-location.ts';

/** A non-OK answer from the API. `message` reads `{status}: {body text or status text}`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The `error.code` of an `{ error: { code, message } }` body, when the body has one. */
  readonly code: ErrorCode | undefined;
  /** The `error.message` of the body, else the status text: fit to show to a person. */
  readonly serverMessage: string;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  readonly body: unknown;

  constructor(status: number, statusText: string, bodyText: string, body: unknown) {
    super(`${status}: ${bodyText || statusText}`, { cause: body });
    this.status = status;
    this.body = body;
    const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
    this.code = typeof error?.code === 'string' ? (error.code as ErrorCode) : undefined;
    this.serverMessage = typeof error?.message === 'string' ? error.message : statusText;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON with a JSON content type. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Calls the same-origin API with cookies. A 204 (or an empty body) resolves to `{}`; a non-OK
 * status rejects with an {@link ApiError}. A 403 whose body says `banned: true` stores the ban
 * details and sends the whole page to the banned screen before rejecting (unless the page is
 * already there: the banned screen's own calls must not reload it in a loop).
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });

  if (response.status === 204) return {} as T;
  const text = await response.text();

  if (!response.ok) {
    const parsed = parseJson(text);
    leaveIfBanned(response.status, parsed);
    throw new ApiError(response.status, response.statusText, text, parsed);
  }

  return (text === '' ? {} : JSON.parse(text)) as T;
}

/**
 * Spec §8: a 403 whose body says `banned: true` stores the ban details and sends the whole page
 * to the banned screen (unless it is already there). Used by every call, streaming ones too.
 */
export function leaveIfBanned(status: number, body: unknown): void {
  if (status !== 403 || !isRecord(body) || body.banned !== true) return;
  const reason = banReasonOf(body);
  storeBanDetails(reason);
  if (window.location.pathname !== BANNED_PATH) assignLocation(bannedPath(reason));
}

/** A 403 whose body says `banned: true`: the caller's account is banned. */
export function isBannedError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    isRecord(error.body) &&
    error.body.banned === true
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Spec: the ban reason is banReason, or else the response message. */
function banReasonOf(body: Record<string, unknown>): string | null {
  for (const key of ['banReason', 'reason', 'message']) {
    const value = body[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

import type { ErrorCode } from '@samvad/contracts/errors';
import type { UserRow } from '../db/schema.ts';

/** The one mapping from error code to HTTP status. */
export const statusByErrorCode: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  banned: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** A file that is well-formed but cannot be read within the limits (a bomb, a timeout). */
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  upstream_failed: 502,
  unavailable: 503,
  upstream_timeout: 504,
  /** The database's disk is full: writes are refused until space returns; reads go on. */
  insufficient_storage: 507,
};

/**
 * A failure a service or route decides on. The message is shown to the client, so it
 * names the problem in plain words; the cause stays server-side, in the log.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  get statusCode(): number {
    return statusByErrorCode[this.code];
  }
}

export const DEFAULT_BAN_MESSAGE = 'Your account has been banned by an administrator.';

/** 403 for a banned user; its body also carries the spec's `banned`, `message` and `reason`. */
export class BannedError extends AppError {
  override name = 'BannedError';
  readonly user: UserRow;

  constructor(user: UserRow) {
    super('banned', user.banReason ?? DEFAULT_BAN_MESSAGE);
    this.user = user;
  }
}

/** Picks the code for a status Fastify or a plugin already decided on. */
export function errorCodeForStatus(status: number): ErrorCode {
  const exact = (Object.entries(statusByErrorCode) as [ErrorCode, number][]).find(
    ([code, mapped]) => mapped === status && code !== 'validation_failed' && code !== 'banned',
  );
  if (exact) return exact[0];
  return status >= 500 ? 'internal' : 'bad_request';
}

import type { BannedResponse } from '@samvad/contracts/auth';
import type { ErrorBody } from '@samvad/contracts/errors';
import type { RateLimitResponse } from '@samvad/contracts/limits';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDiskFullError } from '../db/storage-space.ts';
import { presentBanned } from '../presenters/session-presenter.ts';
import { RateLimitError } from '../services/usage-limit-service.ts';
import { AppError, BannedError, errorCodeForStatus } from './app-error.ts';
import { isDatabaseUnreachable } from './database-unreachable.ts';
import { STORAGE_FULL_MESSAGE } from './storage-guard.ts';

/** When a client may try again after a 503: a database restart or failover takes seconds. */
export const RETRY_AFTER_SECONDS = 5;

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.code === 'unavailable' && !reply.hasHeader('retry-after')) {
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  }
  return reply
    .code(error.statusCode)
    .type('application/json; charset=utf-8')
    .send(errorBody(error));
}

/** Two refusals carry more than the error object: a ban (its reason) and a limit (spec §3). */
function errorBody(error: AppError): ErrorBody | BannedResponse | RateLimitResponse {
  if (error instanceof BannedError) return presentBanned(error.user);
  if (error instanceof RateLimitError) {
    return {
      error: { code: 'rate_limited', message: error.message },
      type: error.type,
      used: error.used,
      limit: error.limit,
    };
  }
  return { error: { code: error.code, message: error.message } };
}

/**
 * Every failure leaves as `{ error: { code, message } }`. Client mistakes (4xx) say what
 * was wrong; server faults (5xx) are logged with their cause and never leak a stack.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'insufficient_storage') {
      // Expected while the disk is full (the guard logged why, once): no stack, not an error.
      request.log.warn(
        { code: appError.code, reason: appError.message, cause: causeOf(error) },
        'request refused: storage full',
      );
    } else if (appError.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: appError.code, reason: appError.message }, 'request refused');
    }
    return sendError(reply, appError);
  });
}

/** The first line of what made a write fail, without its stack. */
function causeOf(error: Error): string | undefined {
  const cause = error instanceof AppError ? error.cause : error;
  return cause instanceof Error ? cause.message.split('\n')[0] : undefined;
}

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (isDiskFullError(error)) {
    return new AppError('insufficient_storage', STORAGE_FULL_MESSAGE, { cause: error });
  }
  if (isDatabaseUnreachable(error)) {
    return new AppError(
      'unavailable',
      `The database cannot be reached right now. Please try again in ${RETRY_AFTER_SECONDS} seconds.`,
      { cause: error },
    );
  }
  const databaseCode = sqlStateOf(error);
  if (databaseCode && UNSTORABLE_TEXT_CODES.has(databaseCode)) {
    return new AppError(
      'validation_failed',
      'The text contains a character that cannot be stored (such as a NUL byte, \\u0000).',
      { cause: error },
    );
  }
  if (databaseCode === FOREIGN_KEY_VIOLATION) {
    // A write naming a row that does not exist (liking a post id that was never made): the
    // client's mistake. Services should check first; this keeps any they miss from being a 500.
    return new AppError('not_found', 'Something this request refers to does not exist.', {
      cause: error,
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'request';
    const problems = error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return `${field ? `${where}.${field}` : where}: ${issue.message}`;
    });
    return new AppError('validation_failed', problems.join('; '), { cause: error });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return new AppError(errorCodeForStatus(status), clientMessage(error), { cause: error });
  }
  return new AppError('internal', 'Something went wrong on our side. Please try again.', {
    cause: error,
  });
}

/**
 * PostgreSQL cannot store some text a client may send: a NUL byte in `text` (22021) or `\u0000`
 * in `jsonb` (22P05). The query fails as a whole, so nothing was written: the client's mistake.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

const FOREIGN_KEY_VIOLATION = '23503';

/** The PostgreSQL SQLSTATE of a failed query, found along the cause chain (Drizzle wraps it). */
function sqlStateOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return null;
}

/** Fastify's own 4xx messages are already plain; a few get friendlier words. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported content type: send application/json.`;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty but its content type is application/json.';
    default:
      return error.message || `Request refused (${error.statusCode})`;
  }
}

/**
 * Whether a failed query failed because the database could not be reached (down, restarting,
 * failing over, refusing connections), not because of the query: the API then answers 503 with
 * Retry-After instead of 500, and the client may simply try again.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  // Drizzle wraps the driver's error (`cause`); Node's connect may give an AggregateError.
  while (queue.length > 0 && seen.size < 12) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnreachableSqlState(code))) {
      return true;
    }
    if (typeof message === 'string' && POOL_MESSAGES.some((pattern) => pattern.test(message))) {
      return true;
    }
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is not taking work: class 08 (connection exception), 57P01
 * admin_shutdown (pg_terminate_backend, a fast shutdown), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up, recovering), 53300 too_many_connections.
 */
function isUnreachableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/** What node-postgres and its pool say, without a code, when a connection fails or is cut. */
const POOL_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  // `alter database … with allow_connections false` (55000, a code used for much else too).
  /is not currently accepting connections/,
];

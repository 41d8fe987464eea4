import type { FastifyInstance } from 'fastify';

/**
 * Sign-in URLs carry one-time secrets in the query (OAuth's `code` and `state` on
 * /auth/google/callback); a log must not become a place to replay them from.
 */
const SIGN_IN_PATH = /^\/(?:api\/)?(?:auth|admin\/login)(?:[/?#]|$)/;
/** A parameter name worth keeping (`code`, `state`, `error`); anything else may be a secret. */
const PLAIN_NAME = /^[A-Za-z_][\w-]{0,31}$/;

/** The URL as logged: on sign-in paths the query keeps its parameter names, not their values. */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1 || !SIGN_IN_PATH.test(url)) return url;
  const names = url
    .slice(query + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      return PLAIN_NAME.test(name) ? `${name}=[redacted]` : '[redacted]';
    });
  return `${url.slice(0, query)}?${names.join('&')}`;
}

/**
 * One structured line per request, written when the response has gone: its id (also sent to the
 * client as `x-request-id`), method, host, URL (with sign-in query values redacted), status,
 * duration and the client's address (host and address through TRUST_PROXY). Fastify's own
 * request logging writes two lines, one on arrival; at thousands of requests a second that
 * second line was a fifth of the server's work (bench:api), and the completed line already says
 * everything the arrival line did. Requests that fail still log their error on its own line
 * (error-handler.ts), with the same id.
 */
export function registerRequestLog(app: FastifyInstance, options: { trustProxy: boolean }): void {
  if (!options.trustProxy) warnOfAnUntrustedProxy(app);
  // The line holds only the fields below, none a secret (the URL's are redacted above), so it is
  // written without the logger's path redaction: walking its wildcard paths on every request was
  // ~14 % of the server's CPU at thousands of requests a second (bench:api profile).
  const lines = app.log.child({}, { redact: [] });
  app.addHook('onResponse', (request, reply, done) => {
    lines.info(
      {
        reqId: request.id,
        method: request.method,
        host: request.host,
        url: loggedUrl(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
    done();
  });
}

/**
 * Behind a reverse proxy with TRUST_PROXY=false every request comes from the proxy's address, so
 * all guests share one address's limits and the log shows one client. A request that carries
 * X-Forwarded-For is the sign of a proxy: said once (per app, which is once per server process),
 * at the first such request, with what to set. Not a refusal: a client may send the header itself.
 */
function warnOfAnUntrustedProxy(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      request.log.warn(
        { ip: request.ip, forwardedFor: request.headers['x-forwarded-for'] },
        'Requests carry X-Forwarded-For but TRUST_PROXY is false: every client appears to come ' +
          `from ${request.ip}, so all guests share one address's usage limits. If this server is ` +
          'behind a reverse proxy that sets X-Forwarded-*, set TRUST_PROXY=true.',
      );
    }
    done();
  });
}

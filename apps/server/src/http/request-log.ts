import type { FastifyInstance } from 'fastify';

/**
 * One structured line per request, written when the response has gone: its id (also sent to the
 * client as `x-request-id`), method, host, URL, status, duration and the client's address (host
 * and address through TRUST_PROXY). Fastify's own request logging writes two lines, one on arrival; at thousands of
 * requests a second that second line was a fifth of the server's work (bench:api), and the
 * completed line already says everything the arrival line did. Requests that fail still log
 * their error on its own line (error-handler.ts), with the same id.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        host: request.host,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
    done();
  });
}

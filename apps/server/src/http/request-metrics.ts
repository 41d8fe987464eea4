import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppMetrics, RefusalType } from '../metrics/app-metrics.ts';
import { HourlyLimitError, RateLimitError } from '../services/usage-limit-service.ts';

/** The route label of requests no route matched (a 404, or a web page the fallback serves). */
export const UNMATCHED_ROUTE = 'unmatched';
/** The route label of the built web app's files: one route per file, one label for them all. */
export const STATIC_ROUTE = 'static';

/**
 * Times every response and counts limit refusals. The request path gets one histogram observe
 * and no allocation beyond its labels: this runs on every request, the cheapest ones included.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  const duration = metrics.httpRequestDuration;
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { route: routeLabel(request), method: request.method, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
  // Only failing requests pay for this hook.
  app.addHook('onError', (_request, _reply, error, done) => {
    const type = refusalTypeOf(error);
    if (type) metrics.refused(type);
    done();
  });
}

/** The route pattern (`/api/conversations/:id`), never the raw URL: a bounded set of labels. */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return UNMATCHED_ROUTE;
  return pattern.startsWith('/api') ? pattern : STATIC_ROUTE;
}

function refusalTypeOf(error: unknown): RefusalType | null {
  if (error instanceof RateLimitError) return error.type;
  if (error instanceof HourlyLimitError) return error.kind;
  return null;
}

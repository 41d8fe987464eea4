import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { authorizeMetricsScrape, metricsTokenCheck } from '../http/metrics-access.ts';

/** Prometheus scrape endpoint: this instance's series only (scrape every instance). */
export const metricsRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, clock, metrics },
) => {
  const isMetricsToken = metricsTokenCheck(config.metricsToken);
  app.get(
    '/api/metrics',
    {
      schema: {
        summary: "This server's metrics, in the Prometheus text format",
        description:
          'For `Authorization: Bearer <METRICS_TOKEN>` (when the server sets one) or an admin session.',
        tags: ['operations'],
      },
    },
    async (request, reply) => {
      authorizeMetricsScrape(request, isMetricsToken, clock());
      const { contentType, text } = await metrics.exposition();
      return reply.type(contentType).header('cache-control', 'no-store').send(text);
    },
  );
};

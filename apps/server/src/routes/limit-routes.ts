import { userRateLimitsSchema } from '@samvad/contracts/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { resolveActor } from '../http/actor.ts';
import { getRateLimits } from '../services/usage-limit-service.ts';

export const limitRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, database, clock },
) => {
  app.get(
    '/api/user/rate-limits',
    {
      schema: {
        summary: "The caller's usage limits and usage; guests get theirs under the guest defaults",
        tags: ['limits'],
        response: { 200: userRateLimitsSchema },
      },
    },
    async (request, reply) => {
      const now = clock();
      const actor = resolveActor(request, reply, config, now);
      // Usage changes with every request; no cache may answer for the server.
      reply.header('cache-control', 'no-store');
      return getRateLimits(database.db, actor, now, config.limits.timezone);
    },
  );
};

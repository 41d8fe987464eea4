import { healthResponseSchema, readyResponseSchema } from '@samvad/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { database, storage },
) => {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Liveness: the process is up and serving',
        tags: ['health'],
        response: { 200: healthResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        summary: 'Readiness: the database answers and every migration is applied',
        description:
          "`storage: 'full'` while the database's disk is too full for writes: they are refused " +
          'with 507, reads go on, so the instance stays ready (200).',
        tags: ['health'],
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      const state = await database.checkReady();
      const ready = state.reachable && state.migrationsApplied;
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not_ready',
        database: { kind: database.kind, ...state },
        storage: storage.current(),
      });
    },
  );
};

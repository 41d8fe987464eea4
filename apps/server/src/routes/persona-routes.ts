import { personaSchema } from '@samvad/contracts/persona';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';

export const personaRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { persona }) => {
  app.get(
    '/api/persona',
    {
      schema: {
        summary: 'The product and reformer texts this deployment is themed with',
        tags: ['persona'],
        response: { 200: personaSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return persona;
    },
  );
};

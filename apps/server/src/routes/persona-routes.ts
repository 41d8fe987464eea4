import { personaResponseSchema } from '@samvad/contracts/persona';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { personaForClients } from '../config/persona.ts';

export const personaRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { persona, config },
) => {
  const served = personaForClients(persona, config.llm);
  app.get(
    '/api/persona',
    {
      schema: {
        summary: 'The product and reformer texts this deployment is themed with, and its answerer',
        tags: ['persona'],
        response: { 200: personaResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return served;
    },
  );
};

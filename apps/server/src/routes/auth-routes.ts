import { googleClientIdResponseSchema, sessionResponseSchema } from '@samvad/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { presentSession } from '../presenters/session-presenter.ts';

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config }) => {
  app.get(
    '/api/auth/session',
    {
      schema: {
        summary: 'The caller: `{ user: null, banned: false }` for a visitor',
        tags: ['auth'],
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return presentSession(request.viewer);
    },
  );

  app.get(
    '/api/auth/google-client-id',
    {
      schema: {
        summary: 'The Google OAuth client id, or null while sign-in is not configured',
        tags: ['auth'],
        response: { 200: googleClientIdResponseSchema },
      },
    },
    async () => ({ clientId: config.google.clientId }),
  );
};

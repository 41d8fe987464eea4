import { banStatusRequestSchema, sessionUserSchema } from '@samvad/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { requireAdmin } from '../http/guards.ts';
import { presentSessionUser } from '../presenters/session-presenter.ts';
import { setBanStatus } from '../services/ban-service.ts';
import { isBanned } from '../services/session-service.ts';

export const adminUserRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { database, clock },
) => {
  app.patch(
    '/api/admin/users/:id/ban-status',
    {
      schema: {
        summary: 'Bans (optionally until a time) or unbans a user',
        tags: ['admin'],
        params: z.object({ id: z.string().min(1).max(64) }),
        body: banStatusRequestSchema,
        response: { 200: z.object({ user: sessionUserSchema }) },
      },
    },
    async (request) => {
      const now = clock();
      const { user: admin } = requireAdmin(request, now);
      const user = await setBanStatus(database.db, admin, request.params.id, request.body, now);
      return { user: presentSessionUser(user, isBanned(user, now)) };
    },
  );
};

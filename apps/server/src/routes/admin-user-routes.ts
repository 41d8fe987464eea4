import {
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  roleRequestSchema,
} from '@samvad/contracts/admin';
import { banStatusRequestSchema } from '@samvad/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { adminCallOf } from '../http/audit-actor.ts';
import { presentAdminUser } from '../presenters/admin-presenter.ts';
import { findUserWithLimits } from '../repositories/admin-user-repository.ts';
import { listUsers, setBanStatus, setUserRole } from '../services/admin-user-service.ts';
import { isBanned } from '../services/session-service.ts';

const userIdParams = z.object({ id: z.string().min(1).max(64) });

/** The Users tab: search, role changes, bans. Admins only; every change is audited. */
export const adminUserRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { database, clock },
) => {
  const tags = ['admin'];
  const { db } = database;

  /** The user as the Users tab shows them, after a change. */
  async function presentUser(id: string, now: Date) {
    const user = await findUserWithLimits(db, id);
    if (!user) throw new Error(`user ${id} vanished`);
    return { user: presentAdminUser(user, isBanned(user, now)) };
  }

  app.get(
    '/api/admin/users',
    {
      schema: {
        summary: 'Users whose name, email or username contains the query; paginated',
        tags,
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListResponseSchema },
      },
    },
    async (request) => {
      const call = adminCallOf(request, clock());
      return listUsers(db, request.query, call.now);
    },
  );

  app.patch(
    '/api/admin/users/:id/role',
    {
      schema: {
        summary: 'Make Admin / Remove Admin (not yourself, never the last admin)',
        tags,
        params: userIdParams,
        body: roleRequestSchema,
        response: { 200: adminUserResponseSchema },
      },
    },
    async (request) => {
      const call = adminCallOf(request, clock());
      const user = await setUserRole(db, call, request.params.id, request.body);
      return presentUser(user.id, call.now);
    },
  );

  app.patch(
    '/api/admin/users/:id/ban-status',
    {
      schema: {
        summary: 'Bans (optionally until a time) or unbans a user',
        tags,
        params: userIdParams,
        body: banStatusRequestSchema,
        response: { 200: adminUserResponseSchema },
      },
    },
    async (request) => {
      const call = adminCallOf(request, clock());
      const user = await setBanStatus(db, call, request.params.id, request.body);
      return presentUser(user.id, call.now);
    },
  );
};

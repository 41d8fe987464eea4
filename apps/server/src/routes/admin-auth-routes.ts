import {
  adminLoginRequestSchema,
  changePasswordRequestSchema,
  okResponseSchema,
  signInResponseSchema,
} from '@samvad/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { requireAdmin } from '../http/guards.ts';
import { completeSignIn, endSignIn } from '../http/sign-in.ts';
import { deleteOtherSessions } from '../repositories/session-repository.ts';
import {
  changeAdminPassword,
  LoginThrottledError,
  verifyAdminLogin,
} from '../services/admin-auth-service.ts';

export const adminAuthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { database, clock } = context;
  const tags = ['admin'];

  app.post(
    '/api/admin/login',
    {
      schema: {
        summary: 'Username and password sign-in for administrators',
        tags,
        body: adminLoginRequestSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        const user = await verifyAdminLogin(
          database.db,
          { ...request.body, ip: request.ip },
          clock(),
        );
        return await completeSignIn(request, reply, context, user);
      } catch (error) {
        if (error instanceof LoginThrottledError)
          reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.post(
    '/api/admin/logout',
    {
      schema: {
        summary: 'Ends the administrator session',
        tags,
        response: { 200: okResponseSchema },
      },
    },
    (request, reply) => endSignIn(request, reply, context),
  );

  app.post(
    '/api/admin/change-password',
    {
      schema: {
        summary: "Changes the caller's password; other sessions are signed out",
        tags,
        body: changePasswordRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const { user, session } = requireAdmin(request, clock());
      await changeAdminPassword(database.db, user, request.body);
      await deleteOtherSessions(database.db, user.id, session.tokenHash);
      return { ok: true as const };
    },
  );
};

import {
  adminLoginRequestSchema,
  changePasswordRequestSchema,
  okResponseSchema,
  signInResponseSchema,
} from '@samvad/contracts/auth';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { HashGateBusyError } from '../auth/hash-gate.ts';
import { LoginThrottledError } from '../auth/login-throttle.ts';
import { adminCallOf, auditActorOf } from '../http/audit-actor.ts';
import { completeSignIn, endSignIn } from '../http/sign-in.ts';
import { recordAdminAction } from '../repositories/admin-log-repository.ts';
import { changeAdminPassword, verifyAdminLogin } from '../services/admin-auth-service.ts';

/** A throttled sign-in or a full hash gate says when to come back. */
function withRetryAfter(reply: FastifyReply, error: unknown): unknown {
  if (error instanceof LoginThrottledError || error instanceof HashGateBusyError) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  return error;
}

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
        return await completeSignIn(request, reply, context, user, (tx, now) =>
          recordAdminAction(tx, auditActorOf(request, user), { action: 'login', at: now }),
        );
      } catch (error) {
        throw withRetryAfter(reply, error);
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
    (request, reply) => {
      // Only an admin's sign-out is an admin action; anyone else is simply signed out.
      const admin = request.viewer.user?.role === 'admin' ? request.viewer.user : null;
      return endSignIn(
        request,
        reply,
        context,
        admin
          ? (tx, now) =>
              recordAdminAction(tx, auditActorOf(request, admin), { action: 'logout', at: now })
          : undefined,
      );
    },
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
    async (request, reply) => {
      const call = adminCallOf(request, clock());
      const session = request.viewer.session;
      if (!session) throw new Error('an admin call without a session');
      try {
        await changeAdminPassword(
          database.db,
          { ...call, sessionTokenHash: session.tokenHash },
          request.body,
        );
      } catch (error) {
        throw withRetryAfter(reply, error);
      }
      return { ok: true as const };
    },
  );
};

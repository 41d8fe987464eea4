import {
  globalLimitsPatchSchema,
  globalLimitsSchema,
  userKeyParamsSchema,
  userRateLimitListResponseSchema,
  userRateLimitRequestSchema,
  userRateLimitResponseSchema,
} from '@samvad/contracts/admin';
import { okResponseSchema } from '@samvad/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { adminCallOf } from '../http/audit-actor.ts';
import {
  findGlobalLimits,
  listUserRateLimits,
  resetUserRateLimit,
  setGlobalLimits,
  setUserRateLimit,
} from '../services/admin-limit-service.ts';

/** The Rate Limits tab: global defaults and per-user overrides. Admins only; changes audited. */
export const adminLimitRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { database, clock, config },
) => {
  const tags = ['admin'];
  const { db } = database;

  app.get(
    '/api/admin/rate-limits/global',
    {
      schema: {
        summary: 'The global default limits (-1 is unlimited)',
        tags,
        response: { 200: globalLimitsSchema },
      },
    },
    async (request) => {
      adminCallOf(request, clock());
      return findGlobalLimits(db);
    },
  );

  app.patch(
    '/api/admin/rate-limits/global',
    {
      schema: {
        summary: 'Changes some or all global default limits',
        tags,
        body: globalLimitsPatchSchema,
        response: { 200: globalLimitsSchema },
      },
    },
    (request) => setGlobalLimits(db, adminCallOf(request, clock()), request.body),
  );

  app.get(
    '/api/admin/rate-limits/users',
    {
      schema: {
        summary: 'Every user with custom limits, with their restriction and usage today',
        tags,
        response: { 200: userRateLimitListResponseSchema },
      },
    },
    async (request) => {
      const call = adminCallOf(request, clock());
      return { limits: await listUserRateLimits(db, call.now, config.limits.timezone) };
    },
  );

  app.post(
    '/api/admin/rate-limits/users/:userId',
    {
      schema: {
        summary: "Sets a user's limits and restriction; the user by id or email",
        tags,
        params: userKeyParamsSchema,
        body: userRateLimitRequestSchema,
        response: { 200: userRateLimitResponseSchema },
      },
    },
    async (request) => {
      const call = adminCallOf(request, clock());
      const limit = await setUserRateLimit(
        db,
        call,
        request.params.userId,
        request.body,
        config.limits.timezone,
      );
      return { limit };
    },
  );

  app.delete(
    '/api/admin/rate-limits/users/:userId',
    {
      schema: {
        summary: "Removes a user's custom limits (Reset to Global)",
        tags,
        params: userKeyParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await resetUserRateLimit(db, adminCallOf(request, clock()), request.params.userId);
      return { ok: true as const };
    },
  );
};

import {
  adminConversationListQuerySchema,
  adminConversationListResponseSchema,
  dailyUsageQuerySchema,
  dailyUsageResponseSchema,
  userMetricsQuerySchema,
  userMetricsResponseSchema,
} from '@samvad/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { adminCallOf } from '../http/audit-actor.ts';
import { presentAdminConversation, presentUserMetrics } from '../presenters/admin-presenter.ts';
import {
  countAllConversations,
  listAllConversations,
} from '../repositories/admin-conversation-repository.ts';
import { countUsersById, listUsersById } from '../repositories/admin-user-repository.ts';
import { dailyUsage, listUsageMetrics } from '../services/usage-metrics-service.ts';

/**
 * What admins read to review use and abuse: every conversation (deleted ones too; messages come
 * through GET /api/conversations/{id}), per-user metrics and requests per day. Admins only.
 */
export const adminUsageRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { database, clock, config },
) => {
  const tags = ['admin'];
  const { db } = database;
  const timezone = config.limits.timezone;

  app.get(
    '/api/admin/conversations',
    {
      schema: {
        summary: "Every conversation, deleted ones included, optionally one user's; paginated",
        tags,
        querystring: adminConversationListQuerySchema,
        response: { 200: adminConversationListResponseSchema },
      },
    },
    async (request) => {
      adminCallOf(request, clock());
      const { userId, page, pageSize } = request.query;
      const [rows, total] = await Promise.all([
        listAllConversations(db, userId, { limit: pageSize, offset: (page - 1) * pageSize }),
        countAllConversations(db, userId),
      ]);
      return { conversations: rows.map(presentAdminConversation), page, pageSize, total };
    },
  );

  app.get(
    '/api/admin/user-metrics',
    {
      schema: {
        summary: 'Conversations, messages and requests per user; paginated',
        tags,
        querystring: userMetricsQuerySchema,
        response: { 200: userMetricsResponseSchema },
      },
    },
    async (request) => {
      const { now } = adminCallOf(request, clock());
      const { userId, page, pageSize } = request.query;
      const [users, total] = await Promise.all([
        listUsersById(db, userId, { limit: pageSize, offset: (page - 1) * pageSize }),
        countUsersById(db, userId),
      ]);
      const metrics = await listUsageMetrics(db, users, now, timezone);
      return {
        metrics: metrics.map((entry) => presentUserMetrics(entry.user, entry)),
        page,
        pageSize,
        total,
      };
    },
  );

  app.get(
    '/api/admin/usage/daily',
    {
      schema: {
        summary: 'Chat requests per day over the last 30 days, for everyone or one user',
        tags,
        querystring: dailyUsageQuerySchema,
        response: { 200: dailyUsageResponseSchema },
      },
    },
    async (request) => {
      const { now } = adminCallOf(request, clock());
      return { days: await dailyUsage(db, request.query.userId, now, timezone) };
    },
  );
};

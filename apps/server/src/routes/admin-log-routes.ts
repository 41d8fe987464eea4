import { Readable } from 'node:stream';
import { adminLogListResponseSchema, adminLogQuerySchema } from '@samvad/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { adminCallOf } from '../http/audit-actor.ts';
import { listLogs, logsAsCsv } from '../services/admin-log-service.ts';

/** The Admin Logs tab and its CSV export. Read-only: no route changes or removes a row. */
export const adminLogRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { database, clock },
) => {
  const tags = ['admin'];
  const { db } = database;

  app.get(
    '/api/admin/logs',
    {
      schema: {
        summary: 'The audit log, newest first, filterable by action, admin and target; paginated',
        tags,
        querystring: adminLogQuerySchema,
        response: { 200: adminLogListResponseSchema },
      },
    },
    async (request) => {
      adminCallOf(request, clock());
      const { page, pageSize, ...filter } = request.query;
      return listLogs(db, filter, { page, pageSize });
    },
  );

  app.get(
    '/api/admin/logs.csv',
    {
      schema: {
        summary: 'The filtered audit log as CSV (every page)',
        tags,
        querystring: adminLogQuerySchema.omit({ page: true, pageSize: true }),
      },
    },
    async (request, reply) => {
      const call = adminCallOf(request, clock());
      const date = call.now.toISOString().slice(0, 10);
      const csv = await logsAsCsv(db, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="admin-logs-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csv));
    },
  );
};

import {
  ratedAnswerResponseSchema,
  ratingIdParamsSchema,
  ratingQueueQuerySchema,
  ratingQueueResponseSchema,
  resolveRatingRequestSchema,
} from '@samvad/contracts/answer-feedback';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { adminCallOf } from '../http/audit-actor.ts';
import { ratingQueue, resolveRating } from '../services/quality-review-service.ts';

/** The Quality tab (issue #31): the review queue of rated answers. Admins only. */
export const adminQualityRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { database, clock },
) => {
  const tags = ['admin'];
  const { db } = database;

  app.get(
    '/api/admin/quality/ratings',
    {
      schema: {
        summary:
          'Rated answers, thumbs-down first and newest first; by rating, reason, language, dates, resolved',
        tags,
        querystring: ratingQueueQuerySchema,
        response: { 200: ratingQueueResponseSchema },
      },
    },
    async (request) => {
      adminCallOf(request, clock());
      return ratingQueue(db, request.query);
    },
  );

  app.patch(
    '/api/admin/quality/ratings/:id',
    {
      schema: {
        summary:
          'Marks a rated answer resolved (with a note) or reopens it; written to the audit log',
        tags,
        params: ratingIdParamsSchema,
        body: resolveRatingRequestSchema,
        response: { 200: ratedAnswerResponseSchema },
      },
    },
    async (request) => {
      const call = adminCallOf(request, clock());
      return { rating: await resolveRating(db, call, request.params.id, request.body) };
    },
  );
};

import {
  rateAnswerRequestSchema,
  rateAnswerResponseSchema,
  ratingParamsSchema,
} from '@samvad/contracts/answer-feedback';
import { okResponseSchema } from '@samvad/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { resolveActor } from '../http/actor.ts';
import { answerSigner } from '../http/answer-signature.ts';
import { presentOwnRating } from '../presenters/answer-rating-presenter.ts';
import { rateAnswer, withdrawRating } from '../services/answer-rating-service.ts';

/** Readers rate answers (issue #31): members and guests alike, guests limited per network. */
export const answerRatingRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, database, clock },
) => {
  const tags = ['chat'];
  const signer = answerSigner(config.sessionSecret);
  const deps = { signer, limits: config.ratings };

  app.put(
    '/api/answer-ratings',
    {
      schema: {
        summary: 'Rates an answer (thumbs up, or down with reasons), or changes that rating',
        description:
          'The answer is named by its question, text, sources and the signature the chat sent with it.',
        tags,
        body: rateAnswerRequestSchema,
        response: { 200: rateAnswerResponseSchema },
      },
    },
    async (request, reply) => {
      const now = clock();
      const actor = resolveActor(request, reply, config, now);
      const row = await rateAnswer(database.db, deps, actor, request.body, now);
      return { rating: presentOwnRating(row) };
    },
  );

  app.delete(
    '/api/answer-ratings/:signature',
    {
      schema: {
        summary: "Withdraws the caller's rating of the answer with this signature",
        tags,
        params: ratingParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = resolveActor(request, reply, config, clock());
      await withdrawRating(database.db, actor, request.params.signature);
      return { ok: true as const };
    },
  );
};

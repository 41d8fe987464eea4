import { Readable } from 'node:stream';
import { ratingIdParamsSchema } from '@samvad/contracts/answer-feedback';
import {
  QUESTION_SET_MAX_BYTES,
  qualityQuestionSchema,
  qualityRunListSchema,
  qualityRunResponseSchema,
  questionFromRatingRequestSchema,
  questionSetResponseSchema,
  runDiffQuerySchema,
  runDiffResponseSchema,
  runIdParamsSchema,
  uploadQuestionSetRequestSchema,
} from '@samvad/contracts/quality-runs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import { adminCallOf } from '../http/audit-actor.ts';
import { findRun, listQuestions, listRuns } from '../repositories/quality-repository.ts';
import { appAnswerer } from '../services/answerer-service.ts';
import { diffRuns, presentRun, QualityRunner, runCsv } from '../services/quality-run-service.ts';
import {
  addQuestionFromRating,
  presentQuestionSet,
  uploadQuestionSet,
} from '../services/question-set-service.ts';

/** How many runs the history (and its chart) shows. */
const RUN_HISTORY = 50;

/**
 * The deployment's own question set (issue #31 part 3): upload, run in the background through
 * the chat's answer path, results and history, the diff of two runs, CSV. Admins only.
 */
export const adminQualityRunRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { database, clock } = context;
  const tags = ['admin'];
  const { db } = database;
  // The answerer /api/chat uses, so a run measures what readers get.
  const answerer = appAnswerer(context, app.log);
  const runner = new QualityRunner({ db, answerer, log: app.log });
  app.addHook('onClose', () => runner.close());

  app.get(
    '/api/admin/quality/questions',
    {
      schema: {
        summary: 'The question set, in file order',
        tags,
        response: { 200: questionSetResponseSchema },
      },
    },
    async (request) => {
      adminCallOf(request, clock());
      return presentQuestionSet(await listQuestions(db));
    },
  );

  app.put(
    '/api/admin/quality/questions',
    {
      // The file's text rides in JSON: room for the largest file allowed, and its escaping.
      bodyLimit: QUESTION_SET_MAX_BYTES * 2,
      schema: {
        summary:
          'Replaces the question set with a JSONL file (bench/qa/FORMAT.md), checked line by line',
        description: 'At most 2,000 questions; a bad file is refused whole with the lines named.',
        tags,
        body: uploadQuestionSetRequestSchema,
        response: { 200: questionSetResponseSchema },
      },
    },
    async (request) => {
      const call = adminCallOf(request, clock());
      return uploadQuestionSet(db, call, request.body.content);
    },
  );

  app.post(
    '/api/admin/quality/ratings/:id/question',
    {
      schema: {
        summary: "Adds a rated answer's question to the set, with the file and page it needs",
        tags,
        params: ratingIdParamsSchema,
        body: questionFromRatingRequestSchema,
        response: { 200: z.object({ question: qualityQuestionSchema }) },
      },
    },
    async (request) => {
      const call = adminCallOf(request, clock());
      const row = await addQuestionFromRating(db, call, request.params.id, request.body);
      return { question: presentQuestionSet([row]).questions[0] ?? never() };
    },
  );

  app.post(
    '/api/admin/quality/runs',
    {
      schema: {
        summary: 'Starts a run of the question set in the background (one at a time)',
        tags,
        response: { 202: qualityRunResponseSchema },
      },
    },
    async (request, reply) => {
      const call = adminCallOf(request, clock());
      const run = await runner.start(call);
      return reply.code(202).send({ run: presentRun(run) });
    },
  );

  app.get(
    '/api/admin/quality/runs',
    {
      schema: {
        summary: 'The runs, newest first, with their progress and figures',
        tags,
        response: { 200: qualityRunListSchema },
      },
    },
    async (request) => {
      adminCallOf(request, clock());
      return { runs: (await listRuns(db, RUN_HISTORY)).map(presentRun) };
    },
  );

  app.get(
    '/api/admin/quality/runs/:id',
    {
      schema: {
        summary: 'One run: its progress, then its figures',
        tags,
        params: runIdParamsSchema,
        response: { 200: qualityRunResponseSchema },
      },
    },
    async (request) => {
      adminCallOf(request, clock());
      const run = await findRun(db, request.params.id);
      if (!run) throw new AppError('not_found', `No run has the id ${request.params.id}`);
      return { run: presentRun(run) };
    },
  );

  app.get(
    '/api/admin/quality/runs/:id/results.csv',
    {
      schema: { summary: "One run's per-question results as CSV", tags, params: runIdParamsSchema },
    },
    async (request, reply) => {
      adminCallOf(request, clock());
      const csv = await runCsv(db, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="question-set-run-${request.params.id}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from([csv]));
    },
  );

  app.get(
    '/api/admin/quality/diff',
    {
      schema: {
        summary: 'Per question, what changed between two runs: found → lost, lost → found, moved',
        tags,
        querystring: runDiffQuerySchema,
        response: { 200: runDiffResponseSchema },
      },
    },
    async (request) => {
      adminCallOf(request, clock());
      return diffRuns(db, request.query.from, request.query.to);
    },
  );
};

function never(): never {
  throw new Error('the question was not presented');
}

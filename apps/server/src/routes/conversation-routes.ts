import { okResponseSchema } from '@samvad/contracts/auth';
import {
  addMessageResponseSchema,
  conversationListSchema,
  conversationPageQuerySchema,
  conversationSchema,
  conversationSummarySchema,
  createConversationRequestSchema,
  messageInputSchema,
  updateConversationRequestSchema,
} from '@samvad/contracts/conversations';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { cachedRead } from '../db/read-cache.ts';
import { answerSigner } from '../http/answer-signature.ts';
import { requireUser } from '../http/guards.ts';
import {
  presentConversationSummary,
  presentMessage,
} from '../presenters/conversation-presenter.ts';
import { listLiveConversations } from '../repositories/conversation-repository.ts';
import { signStoredAnswers } from '../services/answer-rating-service.ts';
import {
  changeConversation,
  conversationPage,
  createConversation,
  deleteConversation,
  findVisibleConversation,
  importMessage,
} from '../services/conversation-service.ts';
import { checkAndConsume } from '../services/usage-limit-service.ts';

/**
 * The sidebar's list, as the bytes sent: fetched on every page a member opens, and kept while
 * none of its tables has been written (read-cache.ts; the embedded database only). Checked
 * against the response schema once, when built; a Buffer is sent without serialising again.
 */
const conversationListBodies = cachedRead<Buffer>(['conversations', 'shares'], 1_000);

export const conversationIdParams = z.object({ id: z.string().min(1).max(64) });

/** Signed-in members' saved conversations. Guests keep theirs in the browser (spec §1). */
export const conversationRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, database, clock },
) => {
  const tags = ['conversations'];
  const db = database.db;
  const signer = answerSigner(config.sessionSecret);

  app.get(
    '/api/conversations',
    {
      schema: {
        summary: 'Active and archived conversations, newest first',
        tags,
        response: { 200: conversationListSchema },
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request, clock());
      const body = await conversationListBodies(db, user.id, async () => {
        const rows = (await listLiveConversations(db, user.id)).map(presentConversationSummary);
        const list = {
          active: rows.filter((row) => !row.archived),
          archived: rows.filter((row) => row.archived),
        };
        return Buffer.from(JSON.stringify(conversationListSchema.parse(list)));
      });
      // Bytes already checked against the schema: past the typed reply, which expects the object.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  app.post(
    '/api/conversations',
    {
      schema: {
        summary: "Creates a conversation (counts toward the member's conversation limit)",
        tags,
        body: createConversationRequestSchema,
        response: { 201: conversationSchema },
      },
    },
    async (request, reply) => {
      const now = clock();
      const { user } = requireUser(request, now);
      await checkAndConsume(db, { kind: 'user', user }, 'conversation', {
        now,
        timezone: config.limits.timezone,
      });
      const row = await createConversation(db, user, request.body.title, now);
      return reply.code(201).send({ ...presentConversationSummary(row), messages: [] });
    },
  );

  app.get(
    '/api/conversations/:id',
    {
      schema: {
        summary: 'One conversation with its newest messages (owner, or any for admins)',
        description:
          'Messages come newest page first (at most 500 messages and about 1,000,000 characters), oldest first within the page; when `hasMore`, `?before=<nextCursor>` gives the page before.',
        tags,
        params: conversationIdParams,
        querystring: conversationPageQuerySchema,
        response: { 200: conversationSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request, clock());
      const row = await findVisibleConversation(db, user, request.params.id, 'read');
      const page = await conversationPage(db, row.id, request.query.before);
      // Only the owner rates their answers; an admin reading it gets no signatures (issue #31).
      const messages =
        row.userId === user.id ? signStoredAnswers(page.messages, signer) : page.messages;
      return { ...presentConversationSummary(row), ...page, messages };
    },
  );

  app.patch(
    '/api/conversations/:id',
    {
      schema: {
        summary: 'Renames ({title}) or archives/restores ({archived})',
        tags,
        params: conversationIdParams,
        body: updateConversationRequestSchema,
        response: { 200: conversationSummarySchema },
      },
    },
    async (request) => {
      const now = clock();
      const { user } = requireUser(request, now);
      return presentConversationSummary(
        await changeConversation(db, user, request.params.id, request.body, now),
      );
    },
  );

  app.delete(
    '/api/conversations/:id',
    {
      schema: {
        summary: 'Deletes (softly: it still counts toward limits)',
        tags,
        params: conversationIdParams,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const now = clock();
      const { user } = requireUser(request, now);
      await deleteConversation(db, user, request.params.id, now);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      schema: {
        summary:
          "Imports a guest's message into the account: a question (one message of the limit), or an answer with its chat signature",
        tags,
        params: conversationIdParams,
        body: messageInputSchema,
        response: { 201: addMessageResponseSchema },
      },
    },
    async (request, reply) => {
      const now = clock();
      const { user } = requireUser(request, now);
      const row = await importMessage(db, user, request.params.id, request.body, {
        now,
        timezone: config.limits.timezone,
        signer,
      });
      return reply.code(201).send({ message: presentMessage(row) });
    },
  );
};

import { okResponseSchema } from '@samvad/contracts/auth';
import {
  guestShareRequestSchema,
  sharedConversationSchema,
  shareResponseSchema,
} from '@samvad/contracts/conversations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { resolveActor } from '../http/actor.ts';
import { answerSigner } from '../http/answer-signature.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../http/guards.ts';
import { revokeShare, shareConversation } from '../services/conversation-service.ts';
import { getSharedConversation, shareGuestConversation } from '../services/share-service.ts';
import { conversationIdParams } from './conversation-routes.ts';

export const shareRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, database, clock },
) => {
  const tags = ['sharing'];
  const db = database.db;
  const signer = answerSigner(config.sessionSecret);

  app.post(
    '/api/conversations/:id/share',
    {
      schema: {
        summary:
          "Shares a conversation read-only: a member's stored one (no body), or a guest's snapshot",
        tags,
        params: conversationIdParams,
        // Fastify reads an absent body as null: a member sends none.
        body: guestShareRequestSchema.nullish(),
        response: { 200: shareResponseSchema },
      },
    },
    async (request, reply) => {
      const now = clock();
      const actor = resolveActor(request, reply, config, now);
      if (actor.kind === 'user') {
        return { shareableId: await shareConversation(db, actor.user, request.params.id, now) };
      }
      if (!request.body) {
        throw new AppError(
          'validation_failed',
          'body: a guest shares by sending {title, messages}',
        );
      }
      const shareableId = await shareGuestConversation(db, actor, request.body, {
        now,
        timezone: config.limits.timezone,
        signer,
      });
      return { shareableId };
    },
  );

  app.delete(
    '/api/conversations/:id/share',
    {
      schema: {
        summary: 'Revokes the link (owner only)',
        tags,
        params: conversationIdParams,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request, clock());
      await revokeShare(db, user, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/shared/:shareableId',
    {
      schema: {
        summary: 'A shared conversation, read-only (anyone with the link)',
        tags,
        params: z.object({ shareableId: z.string().min(1).max(64) }),
        querystring: z.object({ t: z.string().max(64).optional() }).loose(),
        response: { 200: sharedConversationSchema },
      },
    },
    async (request, reply) => {
      reply
        .header('cache-control', 'no-store, no-cache, must-revalidate')
        .header('pragma', 'no-cache');
      return getSharedConversation(db, request.params.shareableId);
    },
  );
};

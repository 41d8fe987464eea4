import { chatRequestSchema, chatResponseSchema } from '@samvad/contracts/chat';
import { detectReplyLanguage } from '@samvad/contracts/language';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { resolveActor } from '../http/actor.ts';
import { sendAnswer } from '../http/answer-response.ts';
import { answerSigner } from '../http/answer-signature.ts';
import { appAnswerer } from '../services/answerer-service.ts';
import { acceptQuestion, composeAnswer } from '../services/chat-service.ts';

export const chatRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { config, database, clock, metrics } = context;
  const answerer = appAnswerer(context, app.log);
  const answerMetrics = metrics.answerMetrics(config.llm ? 'llm' : 'extractive');
  const signer = answerSigner(config.sessionSecret);
  app.post(
    '/api/chat',
    {
      schema: {
        summary:
          'Answers from the writings: a `data:` event stream of tokens, then the sources, then [DONE]',
        description:
          'With `Accept: application/json` the answer comes whole, as `{answer, sources}`.',
        tags: ['chat'],
        body: chatRequestSchema,
        response: { 200: chatResponseSchema },
      },
    },
    async (request, reply) => {
      const now = clock();
      // Pipeline: who (guest or member; banned refused) → limits → save the question → answer.
      const actor = resolveActor(request, reply, config, now);
      const { question, chat_history, detected_language, conversation_id } = request.body;
      const accepted = await acceptQuestion(
        database.db,
        actor,
        { question, conversationId: conversation_id ?? null },
        now,
        config.limits.timezone,
      );
      // The client leaving (or pressing stop) cancels the model's work.
      const disconnected = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) disconnected.abort();
      });
      const answer = composeAnswer(answerer, {
        question,
        history: chat_history,
        language: detectReplyLanguage(question, detected_language),
        signal: disconnected.signal,
        onNotCovered: accepted.giveBackRequest,
      });
      return sendAnswer(
        request,
        reply,
        answer,
        accepted.saveAnswer,
        answerMetrics,
        (text, sources) => signer.sign(question, text, sources),
      );
    },
  );
};

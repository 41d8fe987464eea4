import { chatRequestSchema, chatResponseSchema } from '@samvad/contracts/chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tokensOf } from '../answers/extractive-answerer.ts';
import type { AppContext } from '../app-context.ts';
import { resolveActor } from '../http/actor.ts';
import { openEventStream, wantsJson } from '../http/event-stream.ts';
import { acceptQuestion, answerQuestion } from '../services/chat-service.ts';

export const chatRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { config, database, clock, knowledge },
) => {
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
      // Pipeline: who (guest or member; banned refused) → limits → save the question.
      const actor = resolveActor(request, reply, config, now);
      const { question, conversation_id } = request.body;
      const accepted = await acceptQuestion(
        database.db,
        actor,
        { question, conversationId: conversation_id ?? null },
        now,
        config.limits.timezone,
      );
      const { answer, sources } = await answerQuestion(knowledge.index, question);
      // Saved before streaming: the answer survives a browser that closes mid-stream.
      await accepted.saveAnswer(answer, sources);

      if (wantsJson(request.headers.accept)) return { answer, sources };
      const stream = openEventStream(reply);
      for (const token of tokensOf(answer)) stream.send({ type: 'token', token });
      stream.send({ type: 'end', sources });
      stream.done();
      return reply;
    },
  );
};

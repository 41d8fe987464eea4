import { knowledgeStatusSchema } from '@samvad/contracts/knowledge-status';
import { KNOWLEDGE_STATUS_PATH } from '@samvad/contracts/knowledge-status-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';

/**
 * Whether there is anything to answer from: the welcome screen tells a fresh install how to add
 * documents instead of promising cited answers. Read from the in-memory index (a counter, no
 * query), which is what answers search; documents another process added count once this one's
 * index has synced (KNOWLEDGE_SYNC_INTERVAL_MS).
 */
export const knowledgeStatusRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { knowledge },
) => {
  app.get(
    KNOWLEDGE_STATUS_PATH,
    {
      schema: {
        summary: 'How many documents the searchable knowledge base holds (0 on a fresh install)',
        tags: ['knowledge'],
        response: { 200: knowledgeStatusSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { documents: knowledge.index.loaded.documents };
    },
  );
};

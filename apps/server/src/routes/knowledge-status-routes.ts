import { type KnowledgeStatus, knowledgeStatusSchema } from '@samvad/contracts/knowledge-status';
import { KNOWLEDGE_STATUS_PATH } from '@samvad/contracts/knowledge-status-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import type { KnowledgeIndex } from '../retrieval/knowledge-index.ts';

/**
 * The status as this route answers it, and as the page shell inlines it (page-shell.ts): one
 * shape, made in one place, so the web app's first render and its later calls agree.
 */
export function knowledgeStatusOf(index: KnowledgeIndex): KnowledgeStatus {
  return { documents: index.loaded.documents };
}

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
      return knowledgeStatusOf(knowledge.index);
    },
  );
};

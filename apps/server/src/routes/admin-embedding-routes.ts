import { embeddingStatusResponseSchema } from '@samvad/contracts/admin-documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { requireAdmin } from '../http/guards.ts';
import { presentEmbeddingStatus } from '../presenters/embedding-status-presenter.ts';
import { countChunks } from '../repositories/chunk-repository.ts';
import { countChunksWithoutEmbedding } from '../repositories/embedding-repository.ts';

/** The Knowledge Base tab's view of dense retrieval: model state and embedding progress. */
export const adminEmbeddingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { database, clock, knowledge } = context;
  app.get(
    '/api/admin/embeddings',
    {
      schema: {
        summary:
          'The embedding model, its state and how much of the knowledge base it has embedded',
        tags: ['admin'],
        response: { 200: embeddingStatusResponseSchema },
      },
    },
    async (request) => {
      requireAdmin(request, clock());
      const { embedder } = knowledge;
      const total = await countChunks(database.db);
      const missing = embedder
        ? await countChunksWithoutEmbedding(database.db, embedder.client.model)
        : total;
      return presentEmbeddingStatus(embedder, { total, embedded: total - missing });
    },
  );
};

import { okResponseSchema } from '@samvad/contracts/auth';
import {
  collectionDetailResponseSchema,
  collectionQuoteStateSchema,
  collectionResponseSchema,
  createCollectionRequestSchema,
  cursorQuerySchema,
  updateCollectionRequestSchema,
} from '@samvad/contracts/community';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { requireCommunityMember } from '../http/community-guard.ts';
import {
  changeCollection,
  collectionDetail,
  collectionHasQuote,
  createCollection,
  removeCollection,
  setCollectionQuote,
} from '../services/community-collection-service.ts';

const collectionParams = z.object({ id: z.string().min(1).max(64) });
const quoteParams = collectionParams.extend({ postId: z.string().min(1).max(64) });

/** Quote collections: public ones readable by anyone, private ones by their owner only. */
export const communityCollectionRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { database, clock },
) => {
  const tags = ['community'];
  const { db } = database;

  app.post(
    '/api/community/quote-collections',
    {
      schema: {
        summary: 'Creates a quote collection',
        tags,
        body: createCollectionRequestSchema,
        response: { 201: collectionResponseSchema },
      },
    },
    async (request, reply) => {
      const now = clock();
      const { user } = await requireCommunityMember(db, request, now);
      const collection = await createCollection(db, user, request.body, now);
      return reply.code(201).send({ collection });
    },
  );

  app.get(
    '/api/community/quote-collections/:id',
    {
      schema: {
        summary: 'A collection and a page of its quotes, most recently saved first',
        tags,
        params: collectionParams,
        querystring: cursorQuerySchema,
        response: { 200: collectionDetailResponseSchema },
      },
    },
    async (request) =>
      collectionDetail(db, request.params.id, request.viewer.user?.id ?? null, request.query),
  );

  app.patch(
    '/api/community/quote-collections/:id',
    {
      schema: {
        summary: 'Renames a collection or changes its description or visibility',
        tags,
        params: collectionParams,
        body: updateCollectionRequestSchema,
        response: { 200: collectionResponseSchema },
      },
    },
    async (request) => {
      const now = clock();
      const { user } = await requireCommunityMember(db, request, now);
      return { collection: await changeCollection(db, user, request.params.id, request.body, now) };
    },
  );

  app.delete(
    '/api/community/quote-collections/:id',
    {
      schema: {
        summary: 'Deletes a collection (the quotes stay posted)',
        tags,
        params: collectionParams,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const { user } = await requireCommunityMember(db, request, clock());
      await removeCollection(db, user, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/community/quote-collections/:id/quotes/:postId',
    {
      schema: {
        summary: 'Whether the quote is saved in the collection',
        tags,
        params: quoteParams,
        response: { 200: collectionQuoteStateSchema },
      },
    },
    async (request) => ({
      saved: await collectionHasQuote(
        db,
        request.params.id,
        request.params.postId,
        request.viewer.user?.id ?? null,
      ),
    }),
  );

  for (const [method, on] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/api/community/quote-collections/:id/quotes/:postId',
      {
        schema: {
          summary: on ? 'Saves a quote to the collection' : 'Removes a quote from the collection',
          tags,
          params: quoteParams,
          response: { 200: collectionResponseSchema },
        },
      },
      async (request) => {
        const now = clock();
        const { user } = await requireCommunityMember(db, request, now);
        const { id, postId } = request.params;
        return { collection: await setCollectionQuote(db, user, id, postId, on, now) };
      },
    );
  }
};

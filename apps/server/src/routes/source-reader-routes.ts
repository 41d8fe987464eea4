import {
  documentTextQuerySchema,
  documentTextResponseSchema,
} from '@samvad/contracts/source-reader';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import { presentDocumentText } from '../presenters/document-presenter.ts';
import { findChunkOfDocument, findChunksFrom } from '../repositories/chunk-repository.ts';
import { findDocumentById } from '../repositories/document-repository.ts';

const documentIdParams = z.object({ id: z.string().min(1).max(64) });

/** Of a window around a passage, this share comes before it: the reader reads on, mostly. */
const SHARE_BEFORE = 1 / 3;

/**
 * The source reader's text (issue 20): 'View source' on any format but PDF opens the passage in
 * the app, in its document. Public, like the files behind every citation (the corpus is public
 * writing); a window of chunks per request, so a book of several megabytes is read in pieces.
 */
export const sourceReaderRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  app.get(
    '/api/documents/:id/text',
    {
      schema: {
        summary: "A window of a document's text, around a passage or from a cursor",
        tags: ['documents'],
        params: documentIdParams,
        querystring: documentTextQuerySchema,
        response: { 200: documentTextResponseSchema },
      },
    },
    async (request) => {
      const { db } = database;
      const { id } = request.params;
      const { around, before, after, limit } = request.query;
      const document = await findDocumentById(db, id);
      if (!document) throw new AppError('not_found', `No document has the id ${id}`);

      let from: number;
      if (around !== undefined) {
        const chunk = await findChunkOfDocument(db, id, around);
        if (!chunk) {
          throw new AppError('not_found', `The document ${id} has no passage ${around}`);
        }
        from = Math.max(0, chunk.ordinal - Math.floor((limit - 1) * SHARE_BEFORE));
      } else if (before !== undefined) {
        from = Math.max(0, before - limit);
      } else {
        from = after !== undefined ? after + 1 : 0;
      }
      const to = before !== undefined ? before : from + limit;
      // One more than the window on each side: the one before tells the first chunk's overlap,
      // the one after whether there is more to read.
      const rows = await findChunksFrom(db, id, Math.max(0, from - 1), to - from + 2);
      const previous = rows[0] && rows[0].ordinal < from ? rows[0] : null;
      const window = rows.filter((row) => row.ordinal >= from && row.ordinal < to);
      const hasMoreAfter = rows.some((row) => row.ordinal >= to);
      return presentDocumentText(document, window, previous, hasMoreAfter);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import { findDocumentById } from '../repositories/document-repository.ts';

const documentIdParams = z.object({ id: z.string().min(1).max(64) });

const DOCUMENT_CACHE_CONTROL = 'private, no-cache';

/**
 * Original files behind every citation. The corpus is public writing, so anyone may open a
 * source; files are served inert (sandboxed) so an uploaded HTML file cannot run on our origin.
 */
export const documentRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { database, knowledge },
) => {
  app.get(
    '/api/documents/:id/file',
    {
      schema: {
        summary: 'The original file of a document, inline, with range requests',
        tags: ['documents'],
        params: documentIdParams,
      },
    },
    async (request, reply) => {
      const document = await findDocumentById(database.db, request.params.id);
      if (!document) {
        throw new AppError('not_found', `No document has the id ${request.params.id}`);
      }
      const isPdf = document.contentType === 'application/pdf';
      reply
        .type(document.contentType)
        .header(
          'content-disposition',
          `inline; filename*=UTF-8''${encodeURIComponent(document.fileName)}`,
        )
        // Revalidated on every use, so a removed document stops being served at once (404);
        // the ETag and Last-Modified of the stored file make each revalidation a cheap 304.
        // Private: no shared cache keeps a copy past its removal.
        .header('cache-control', DOCUMENT_CACHE_CONTROL);
      // Chrome's PDF viewer does not run under a sandboxing CSP; PDFs carry no script of ours.
      if (isPdf) reply.removeHeader('content-security-policy');
      else
        reply.header(
          'content-security-policy',
          "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
        );
      return reply.sendFile(knowledge.files.relativePath(document.sha256), knowledge.files.root);
    },
  );
};

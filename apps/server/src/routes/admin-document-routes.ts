import path from 'node:path';
import { PassThrough } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  adminDocumentListResponseSchema,
  adminDocumentRemovedResponseSchema,
  adminDocumentResponseSchema,
  UPLOAD_MAX_FILES,
  type UploadEvent,
  updateDocumentDetailsRequestSchema,
} from '@samvad/contracts/admin-documents';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import { adminCallOf, auditActorOf } from '../http/audit-actor.ts';
import { HEARTBEAT_MS } from '../http/event-stream.ts';
import { requireAdmin } from '../http/guards.ts';
import { formatSize } from '../knowledge/load-document.ts';
import { presentAdminDocument } from '../presenters/document-presenter.ts';
import { recordAdminAction } from '../repositories/admin-log-repository.ts';
import { listDocumentsWithChunkCounts } from '../repositories/document-repository.ts';
import { setDocumentDetails } from '../services/document-details-service.ts';
import {
  discardUpload,
  ingestUpload,
  receiveUpload,
  syncIndexNow,
} from '../services/document-upload-service.ts';
import { type IngestionDeps, removeDocumentById } from '../services/ingestion-service.ts';
import { removeStaleUploads } from '../storage/upload-staging.ts';

/** Multipart framing around the files: generous, since it only bounds an obviously false size. */
const FRAMING_BYTES = 64 * 1024;

/**
 * Knowledge base management for admins: list, upload (streamed, with progress), edit a
 * document's details, remove.
 */
export const adminDocumentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { database, clock, knowledge, config } = context;
  const tags = ['admin'];
  const maxFileBytes = config.knowledge.maxFileBytes;
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const deps: IngestionDeps = {
    db: database.db,
    files: knowledge.files,
    maxFileBytes,
    persona: context.persona,
    // Vectors are computed in the background (knowledge.embedder): the upload ends once the
    // text is searchable, and the Knowledge Base tab shows the embedding's progress.
    embedChunks: knowledge.embedder ? async () => knowledge.embedder?.nudge() : null,
    onOutcome: (outcome) => context.metrics.ingested(outcome),
  };
  // What a crashed process was receiving (a decompression bomb, perhaps) goes at start.
  const stale = await removeStaleUploads(uploadsDir, clock());
  if (stale.length > 0) {
    app.log.info({ folders: stale.length }, 'removed the temp files of interrupted uploads');
  }

  // Scoped to these routes (this plugin is not wrapped in fastify-plugin). Past `fileSize` a
  // file is cut off and marked truncated rather than failing the request: the other files go on.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: maxFileBytes,
      files: UPLOAD_MAX_FILES,
      fields: 10,
      fieldSize: 1024,
      parts: UPLOAD_MAX_FILES + 10,
    },
  });
  // Any other body type reaches the handler unread, which says what to send instead.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.get(
    '/api/admin/documents',
    {
      schema: {
        summary: 'Lists the documents of the knowledge base, newest first',
        tags,
        response: { 200: adminDocumentListResponseSchema },
      },
    },
    async (request) => {
      requireAdmin(request, clock());
      const rows = await listDocumentsWithChunkCounts(database.db);
      return { documents: rows.map(presentAdminDocument) };
    },
  );

  app.post(
    '/api/admin/documents',
    {
      schema: {
        summary:
          'Uploads files (multipart, field "replace=true" to replace same-named documents); answers with NDJSON progress events',
        tags,
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const { user: admin } = requireAdmin(request, clock());
      if (!request.isMultipart()) {
        throw new AppError(
          'unsupported_media_type',
          'Send the files as multipart/form-data (a form with one or more files).',
        );
      }
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > UPLOAD_MAX_FILES * (maxFileBytes + FRAMING_BYTES)) {
        throw new AppError(
          'payload_too_large',
          `The upload is too large: at most ${UPLOAD_MAX_FILES} files of up to ${formatSize(maxFileBytes)} each.`,
        );
      }
      const upload = await receiveUpload(request.parts(), {
        uploadsDir,
        maxFileBytes,
        // The storage guard checked the declared length; the bytes themselves are checked too
        // (a chunked upload declares none), with room for what ingesting them writes.
        room: (bytes) => context.storage.checkWrite(bytes),
      });
      const stream = upload.files.length > 0 ? openNdjsonStream(reply) : null;
      try {
        if (!stream) throw new AppError('bad_request', 'Choose at least one file to upload.');
        let gone = false;
        reply.raw.once('close', () => {
          gone = !reply.raw.writableFinished;
        });
        await ingestUpload(
          {
            ...deps,
            index: knowledge.index,
            actor: auditActorOf(request, admin),
            // Held while each document is written, so uploads side by side see each other.
            reserveRoom: (bytes) => context.storage.reserveRoom(bytes),
            clock,
            logError: (error, file) =>
              request.log.error({ err: error, file }, 'ingesting an uploaded file failed'),
          },
          upload,
          stream.send,
          () => gone,
        );
      } finally {
        // Before the stream ends: when the client has read the last line, no temp file is left.
        await discardUpload(upload);
        stream?.end();
      }
      return reply;
    },
  );

  app.patch(
    '/api/admin/documents/:id',
    {
      schema: {
        summary:
          "Sets a document's title, author, volume and year as answers cite it (null clears one); written to the audit log",
        tags,
        params: z.object({ id: z.string().min(1).max(64) }),
        body: updateDocumentDetailsRequestSchema,
        response: { 200: adminDocumentResponseSchema },
      },
    },
    async (request) => {
      const call = adminCallOf(request, clock());
      const { document, changed } = await setDocumentDetails(
        database.db,
        call,
        request.params.id,
        request.body,
      );
      // Committed either way: should this fail, the index's own polling catches up.
      if (changed) {
        await syncIndexNow(knowledge.index).catch((error: unknown) =>
          request.log.error({ err: error }, 'syncing the knowledge index after an edit failed'),
        );
      }
      return { document };
    },
  );

  app.delete(
    '/api/admin/documents/:id',
    {
      schema: {
        summary: 'Removes a document from the knowledge base',
        tags,
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: adminDocumentRemovedResponseSchema },
      },
    },
    async (request) => {
      const { user: admin } = requireAdmin(request, clock());
      const actor = auditActorOf(request, admin);
      const removed = await removeDocumentById(deps, request.params.id, {
        beforeCommit: (tx, { document, chunks }) =>
          recordAdminAction(tx, actor, {
            action: 'remove_document',
            details: {
              before: {
                documentId: document.id,
                fileName: document.fileName,
                title: document.title,
                chunks,
              },
            },
            at: clock(),
          }),
      });
      if (!removed) throw new AppError('not_found', `No document has the id ${request.params.id}`);
      // Committed either way: should this fail, the index's own polling catches up.
      await syncIndexNow(knowledge.index).catch((error: unknown) =>
        request.log.error({ err: error }, 'syncing the knowledge index after a removal failed'),
      );
      return { removed: { id: removed.document.id, fileName: removed.document.fileName } };
    },
  );
};

/**
 * Newline-delimited JSON, one event per line, each written as it happens (no coalescing: an
 * upload sends a few lines a second at most). Proxies are told not to buffer. While nothing
 * happens (a large document being saved or embedded) a blank line goes out now and then, so
 * neither a proxy nor the server's idle timeout closes the connection.
 */
function openNdjsonStream(reply: FastifyReply) {
  const stream = new PassThrough();
  // A client that leaves destroys the stream; later events are dropped, not thrown.
  stream.on('error', () => undefined);
  const open = () => !stream.destroyed && !stream.writableEnded;
  const heartbeat = setInterval(() => {
    if (open()) stream.write('\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  reply
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(stream);
  return {
    send(event: UploadEvent) {
      if (open()) stream.write(`${JSON.stringify(event)}\n`);
    },
    end() {
      clearInterval(heartbeat);
      if (open()) stream.end();
    },
  };
}

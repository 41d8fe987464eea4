import { z } from 'zod';
import {
  DOCUMENT_AUTHOR_MAX_LENGTH,
  DOCUMENT_VOLUME_PATTERN,
  DOCUMENT_YEAR_MAX,
  DOCUMENT_YEAR_MIN,
  TITLE_SOURCES,
} from './admin-document-rules.ts';
import { SOURCE_TITLE_MAX_LENGTH } from './source-rules.ts';
import { isStorableText, STORABLE_TEXT_MESSAGE } from './storable-text.ts';

// Re-exported for the server; the browser imports them from admin-document-rules.ts (no zod).
export { UPLOAD_EXTENSIONS, UPLOAD_MAX_FILES } from './admin-document-rules.ts';

/**
 * What an admin set on a document (Edit details, ADR 034); null where they set nothing, and
 * then sources read the volume and year from the title or file name as before.
 */
export const documentDetailsSchema = z.object({
  /** The title an admin gave; null when the one read from the file stands. */
  title: z.string().nullable(),
  author: z.string().nullable(),
  volume: z.string().nullable(),
  year: z.number().int().nullable(),
});
export type DocumentDetails = z.infer<typeof documentDetailsSchema>;

/** A document in the Knowledge Base tab. */
export const adminDocumentSchema = z.object({
  id: z.string(),
  /** The title answers give: the admin's when set, else the one read from the file. */
  title: z.string(),
  /** The title ingestion read from the file (or its first chapter, a copy, or its name). */
  extractedTitle: z.string(),
  /** Where `extractedTitle` came from; null for documents ingested before this was recorded. */
  titleSource: z.enum(TITLE_SOURCES).nullable(),
  details: documentDetailsSchema,
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  pageCount: z.number().int().nullable(),
  chunkCount: z.number().int(),
  language: z.string().nullable(),
  /** 'ready', or 'embedding' while dense vectors are still being computed. */
  status: z.string(),
  warning: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminDocument = z.infer<typeof adminDocumentSchema>;

export const adminDocumentListResponseSchema = z.object({
  documents: z.array(adminDocumentSchema),
});
export type AdminDocumentListResponse = z.infer<typeof adminDocumentListResponseSchema>;

const codePoints = (text: string) => [...text].length;

/** Text an admin types: surrounding spaces dropped, inner runs of space made one. */
const typedText = (max: number) =>
  z
    .string()
    .transform((text) => text.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, 'Must not be empty')
        .refine((text) => codePoints(text) <= max, `Must be at most ${max} characters`)
        .refine(isStorableText, STORABLE_TEXT_MESSAGE),
    );

/**
 * PATCH /api/admin/documents/{id}: the details to change. A field left out stays as it is; null
 * clears what an admin set (the title goes back to the one read from the file; the volume and
 * year are read from the title or file name again).
 */
export const updateDocumentDetailsRequestSchema = z
  .object({
    title: typedText(SOURCE_TITLE_MAX_LENGTH).nullable().optional(),
    author: typedText(DOCUMENT_AUTHOR_MAX_LENGTH).nullable().optional(),
    volume: z
      .string()
      .regex(DOCUMENT_VOLUME_PATTERN, 'Must be a number of 1 to 3 digits')
      .nullable()
      .optional(),
    year: z
      .number()
      .int('Must be a whole year')
      .min(DOCUMENT_YEAR_MIN, `Must be ${DOCUMENT_YEAR_MIN} or later`)
      .max(DOCUMENT_YEAR_MAX, `Must be ${DOCUMENT_YEAR_MAX} or earlier`)
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateDocumentDetailsRequest = z.input<typeof updateDocumentDetailsRequestSchema>;

export const adminDocumentResponseSchema = z.object({ document: adminDocumentSchema });
export type AdminDocumentResponse = z.infer<typeof adminDocumentResponseSchema>;

export const adminDocumentRemovedResponseSchema = z.object({
  removed: z.object({ id: z.string(), fileName: z.string() }),
});
export type AdminDocumentRemovedResponse = z.infer<typeof adminDocumentRemovedResponseSchema>;

/**
 * POST /api/admin/documents answers with newline-delimited JSON, one event per line, so the
 * browser can show each file's progress while the request is still running. Blank lines are
 * keep-alives: skip them.
 */
export const uploadEventSchema = z.discriminatedUnion('type', [
  /** The file arrived whole on disk and is being read. */
  z.object({ type: z.literal('received'), file: z.string(), bytes: z.number().int() }),
  /** Pages read so far (of `pageCount` when known), then chunks made. */
  z.object({
    type: z.literal('progress'),
    file: z.string(),
    pagesDone: z.number().int(),
    pageCount: z.number().int().nullable(),
    chunksDone: z.number().int(),
  }),
  z.object({
    type: z.literal('result'),
    file: z.string(),
    status: z.enum(['ingested', 'replaced', 'skipped', 'failed']),
    message: z.string(),
    documentId: z.string().nullable(),
    pages: z.number().int().nullable(),
    chunks: z.number().int().nullable(),
    /** Non-fatal problems found while reading (pages skipped, legacy-font lines left out). */
    warnings: z.array(z.string()),
  }),
  /** Every file has been handled; `failed` counts those not ingested for an error. */
  z.object({ type: z.literal('done'), ingested: z.number().int(), failed: z.number().int() }),
]);
export type UploadEvent = z.infer<typeof uploadEventSchema>;
export type UploadResultStatus = Extract<UploadEvent, { type: 'result' }>['status'];

/**
 * GET /api/admin/embeddings: the dense-retrieval model (in-process, an endpoint, or off), its
 * state (the in-process model's fetch and load progress, or why it is unavailable), how many
 * chunks have its vectors, and the background embedding run.
 */
export const embeddingStatusResponseSchema = z.object({
  source: z.enum(['local', 'endpoint', 'off']),
  model: z.string().nullable(),
  state: z.enum(['off', 'loading', 'ready', 'failed']),
  /** The latest progress line while loading; the reason when failed; else null. */
  message: z.string().nullable(),
  chunks: z.object({ total: z.number().int(), embedded: z.number().int() }),
  run: z.object({
    running: z.boolean(),
    done: z.number().int(),
    total: z.number().int(),
    error: z.string().nullable(),
  }),
});
export type EmbeddingStatusResponse = z.infer<typeof embeddingStatusResponseSchema>;

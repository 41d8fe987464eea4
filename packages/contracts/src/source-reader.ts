import { z } from 'zod';
import { PARAGRAPH_ID_PATTERN } from './source-rules.ts';

/** Chunks (~300 words each) one request returns at most: a window, never a whole book. */
export const DOCUMENT_TEXT_MAX_LIMIT = 50;
export const DOCUMENT_TEXT_DEFAULT_LIMIT = 20;

const chunkId = z.string().min(1).max(200);

/**
 * GET /api/documents/:id/text: a window of a document's text, for the source reader. At most one
 * of `around` (a chunk id: the window holding that passage), `before` and `after` (the cursors of
 * an earlier answer: ordinals to read on from); none reads from the start.
 */
export const documentTextQuerySchema = z
  .object({
    around: chunkId.optional(),
    before: z.coerce.number().int().min(0).max(10_000_000).optional(),
    after: z.coerce.number().int().min(0).max(10_000_000).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(DOCUMENT_TEXT_MAX_LIMIT)
      .default(DOCUMENT_TEXT_DEFAULT_LIMIT),
  })
  .refine(
    (query) =>
      [query.around, query.before, query.after].filter((value) => value !== undefined).length <= 1,
    { message: 'Give at most one of around, before and after' },
  );
export type DocumentTextQuery = z.input<typeof documentTextQuerySchema>;

export const documentFormatSchema = z.enum([
  'pdf',
  'text',
  'markdown',
  'html',
  'epub',
  'docx',
  'other',
]);
export type DocumentFormat = z.infer<typeof documentFormatSchema>;

/** One passage (chunk) of a document, in reading order. */
export const documentTextChunkSchema = z.object({
  id: chunkId,
  ordinal: z.number().int().min(0),
  text: z.string(),
  /** 1-based PDF page, and the number printed on it; null for formats without pages. */
  page: z.number().int().positive().nullable(),
  pageLabel: z.string().nullable(),
  /** The Constituent Assembly paragraph id the passage starts at ("11.165.2"), if any. */
  paragraphId: z.string().regex(PARAGRAPH_ID_PATTERN).nullable(),
  /** The innermost heading the passage sits under, if any. */
  heading: z.string().nullable(),
  /**
   * Characters at the start of `text` that repeat the end of the chunk before it (chunks share
   * a few sentences so that a passage cut at a boundary is still found whole): a reader reading
   * on shows them once.
   */
  repeatsPrevious: z.number().int().min(0),
});
export type DocumentTextChunk = z.infer<typeof documentTextChunkSchema>;

export const documentTextResponseSchema = z.object({
  id: z.string(),
  title: z.string(),
  fileName: z.string(),
  format: documentFormatSchema,
  chunks: z.array(documentTextChunkSchema),
  /** Pass as `before` to read the chunks preceding this window; null at the document's start. */
  before: z.number().int().min(0).nullable(),
  /** Pass as `after` to read the chunks following this window; null at the document's end. */
  after: z.number().int().min(0).nullable(),
});
export type DocumentTextResponse = z.infer<typeof documentTextResponseSchema>;

import { z } from 'zod';
import { DOCUMENT_AUTHOR_MAX_LENGTH } from './admin-document-rules.ts';
import {
  PARAGRAPH_ID_PATTERN,
  SOURCE_SPEAKER_MAX_LENGTH,
  SOURCE_TITLE_MAX_LENGTH,
} from './source-rules.ts';
import { isStorableText, STORABLE_TEXT_MESSAGE } from './storable-text.ts';

/** Code points of a source's excerpt, ellipsis included; fits in a post with its attribution. */
export const SOURCE_EXCERPT_MAX_LENGTH = 400;

/**
 * Whose words a source holds, when they are not the reformer's (issue 18): the other person's
 * name, the editor (EDITOR_SPEAKER or "<name> (editor)"), or UNKNOWN_SPEAKER (source-rules.ts). Absent for the
 * reformer's own words, and in messages saved before speakers were known.
 */
export const sourceSpeakerSchema = z
  .string()
  .min(1)
  // Twice the code-point bound: zod counts UTF-16 units.
  .max(SOURCE_SPEAKER_MAX_LENGTH * 2)
  .refine(isStorableText, STORABLE_TEXT_MESSAGE);

/**
 * A cited source under an assistant reply (spec: "Source"). `page` is the 1-based PDF page the
 * link opens at; `page_label` the number printed on that page, when it differs or is known.
 * `link` opens the passage: a PDF at `/api/documents/<id>/file#page=N`, every other format in the
 * source reader, `/sources/<document id>?chunk=<chunk id>` (source-rules.ts: sourceReaderLink).
 */
export const sourceSchema = z.object({
  // Stored with saved and shared messages (jsonb): bounded, and well-formed text only.
  file_name: z.string().max(1024).refine(isStorableText, STORABLE_TEXT_MESSAGE),
  page: z.number().int().positive().nullable().optional(),
  page_label: z
    .string()
    .max(64)
    .refine(isStorableText, STORABLE_TEXT_MESSAGE)
    .nullable()
    .optional(),
  /** Relevance, 0..1 (shown as a percent). */
  score: z.number().min(0).max(1),
  link: z.string().max(2048).refine(isStorableText, STORABLE_TEXT_MESSAGE).optional(),
  /** The start of the cited passage, in the author's words (what 'Post as quote' quotes). */
  excerpt: z
    .string()
    .max(SOURCE_EXCERPT_MAX_LENGTH * 2)
    .refine(isStorableText, STORABLE_TEXT_MESSAGE)
    .optional(),
  /** Whose words these are, present only when they are not the reformer's (sourceSpeakerSchema). */
  speaker: sourceSpeakerSchema.optional(),
  /**
   * The document's title ("Why Was Nagpur Chosen?"), shown before the file name; absent when the
   * document has none of its own (its title would only repeat the file name) and in older messages.
   */
  title: z
    .string()
    .min(1)
    .max(SOURCE_TITLE_MAX_LENGTH * 2)
    .refine(isStorableText, STORABLE_TEXT_MESSAGE)
    .optional(),
  /**
   * The sentence of the passage the answer cites (what 'Post as quote' quotes); absent when no
   * sentence of the passage matches the answer, and in older messages (then `excerpt` is used).
   */
  quote: z
    .string()
    .min(1)
    .max(SOURCE_EXCERPT_MAX_LENGTH * 2)
    .refine(isStorableText, STORABLE_TEXT_MESSAGE)
    .optional(),
  /**
   * For 'Cite this': the volume of the series the document is ("1", "17"), and the year it
   * records: as an admin set them (ADR 034), else read from its title or file name; absent when
   * neither says.
   */
  volume: z
    .string()
    .regex(/^\d{1,3}$/)
    .optional(),
  year: z.number().int().min(1000).max(2999).optional(),
  /**
   * For 'Cite this': the document's author as an admin set it in the Knowledge Base tab (issue
   * #29, ADR 034); absent when none is set. Whose words a passage holds is still `speaker`.
   */
  author: z
    .string()
    .min(1)
    // Twice the code-point bound: zod counts UTF-16 units.
    .max(DOCUMENT_AUTHOR_MAX_LENGTH * 2)
    .refine(isStorableText, STORABLE_TEXT_MESSAGE)
    .optional(),
  /** The Constituent Assembly paragraph id the passage starts at, e.g. "11.165.2". */
  paragraph_id: z.string().regex(PARAGRAPH_ID_PATTERN).optional(),
});
export type Source = z.infer<typeof sourceSchema>;

import { z } from 'zod';
import {
  RATING_COMMENT_MAX_LENGTH,
  RATING_MAX_SOURCES,
  type RatingReason,
  ratingReasons,
} from './answer-feedback-rules.ts';
import { answerSignatureSchema } from './chat.ts';
import { QUESTION_MAX_LENGTH } from './chat-rules.ts';
import { MESSAGE_MAX_LENGTH } from './conversation-rules.ts';
import { sourceSchema } from './sources.ts';
import { isStorableText, STORABLE_TEXT_MESSAGE } from './storable-text.ts';

export { RATING_COMMENT_MAX_LENGTH, type RatingReason, ratingReasons };

export const ratingValueSchema = z.enum(['up', 'down']);
export type RatingValue = z.infer<typeof ratingValueSchema>;

/**
 * PUT /api/answer-ratings: rate (or re-rate) one answer. The answer is named by what the chat
 * sent with it: the question, the text as kept, its sources and the server's signature over the
 * three, so a guest (whose conversation lives only in the browser) can rate too, and nobody can
 * rate text the server did not produce. A shared view carries no signatures: it cannot be rated.
 */
export const rateAnswerRequestSchema = z
  .object({
    question: z
      .string()
      .min(1, 'The question must not be empty')
      .max(QUESTION_MAX_LENGTH, `A question may have at most ${QUESTION_MAX_LENGTH} characters`)
      .refine(isStorableText, STORABLE_TEXT_MESSAGE),
    answer: z
      .string()
      .max(MESSAGE_MAX_LENGTH, `An answer may have at most ${MESSAGE_MAX_LENGTH} characters`)
      .refine(isStorableText, STORABLE_TEXT_MESSAGE),
    sources: z
      .array(sourceSchema)
      .max(RATING_MAX_SOURCES, `An answer may have at most ${RATING_MAX_SOURCES} sources`),
    signature: answerSignatureSchema,
    rating: ratingValueSchema,
    reasons: z.array(z.enum(ratingReasons)).max(ratingReasons.length).default([]),
    comment: z
      .string()
      .trim()
      .refine(
        (text) => [...text].length <= RATING_COMMENT_MAX_LENGTH,
        `A comment may have at most ${RATING_COMMENT_MAX_LENGTH} characters`,
      )
      .refine(isStorableText, STORABLE_TEXT_MESSAGE)
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.rating === 'down' && body.reasons.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['reasons'],
        message: 'A thumbs-down needs at least one reason',
      });
    }
    if (body.rating === 'up' && (body.reasons.length > 0 || body.comment)) {
      context.addIssue({
        code: 'custom',
        path: ['reasons'],
        message: 'Reasons and a comment go with a thumbs-down only',
      });
    }
  });
export type RateAnswerRequest = z.input<typeof rateAnswerRequestSchema>;

/** The reader's own rating of one answer, as stored. */
export const answerRatingSchema = z.object({
  rating: ratingValueSchema,
  reasons: z.array(z.enum(ratingReasons)),
  comment: z.string().nullable(),
  updatedAt: z.string(),
});
export type AnswerRating = z.infer<typeof answerRatingSchema>;
export const rateAnswerResponseSchema = z.object({ rating: answerRatingSchema });

/** DELETE /api/answer-ratings/{signature}: withdraw one's rating of that answer. */
export const ratingParamsSchema = z.object({ signature: answerSignatureSchema });

// --- The review queue (admin) --------------------------------------------------------------

const dayString = z.iso.date('A date must be written YYYY-MM-DD');

/**
 * GET /api/admin/quality/ratings: thumbs-down first, then newest; filtered by rating, reason,
 * the question's language, dates (inclusive, UTC days) and whether resolved.
 */
export const ratingQueueQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    rating: ratingValueSchema.optional(),
    reason: z.enum(ratingReasons).optional(),
    language: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}$/, 'A language is a two- or three-letter code such as en or hi')
      .optional(),
    from: dayString.optional(),
    to: dayString.optional(),
    resolved: z.enum(['true', 'false']).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'The end date must not be before the start date',
  });
export type RatingQueueQuery = z.input<typeof ratingQueueQuerySchema>;

export const ratedAnswerSchema = z.object({
  id: z.number().int(),
  rating: ratingValueSchema,
  reasons: z.array(z.enum(ratingReasons)),
  comment: z.string().nullable(),
  question: z.string(),
  answer: z.string(),
  sources: z.array(sourceSchema),
  language: z.string(),
  /** The knowledge base's change position when it was rated. */
  knowledgePosition: z.number().int(),
  rater: z.enum(['member', 'guest']),
  resolved: z.boolean(),
  resolvedNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RatedAnswer = z.infer<typeof ratedAnswerSchema>;

export const ratingQueueResponseSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  ratings: z.array(ratedAnswerSchema),
});
export type RatingQueueResponse = z.infer<typeof ratingQueueResponseSchema>;

/** PATCH /api/admin/quality/ratings/{id}: resolved (with an optional note) or reopened. */
export const resolveRatingRequestSchema = z.object({
  resolved: z.boolean(),
  note: z
    .string()
    .trim()
    .max(
      RATING_COMMENT_MAX_LENGTH,
      `A note may have at most ${RATING_COMMENT_MAX_LENGTH} characters`,
    )
    .refine(isStorableText, STORABLE_TEXT_MESSAGE)
    .optional(),
});
export type ResolveRatingRequest = z.infer<typeof resolveRatingRequestSchema>;
export const ratingIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const ratedAnswerResponseSchema = z.object({ rating: ratedAnswerSchema });

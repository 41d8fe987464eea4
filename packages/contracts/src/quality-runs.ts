import { z } from 'zod';
import { QUESTION_MAX_LENGTH } from './chat-rules.ts';
import { sourceSchema } from './sources.ts';
import { isStorableText, STORABLE_TEXT_MESSAGE } from './storable-text.ts';

/** Issue #31: the deployment's own question set is at most this many questions. */
export const QUESTION_SET_MAX_LINES = 2_000;
/** The uploaded file's size: 2,000 lines of the team's format are about 1 MB. */
export const QUESTION_SET_MAX_BYTES = 4 * 1024 * 1024;

const text = (max: number) => z.string().max(max).refine(isStorableText, STORABLE_TEXT_MESSAGE);
const fileName = text(1024).min(1, 'A file name must not be empty');
const page = z.number().int('A page is a whole number').positive('Pages count from 1').nullable();

/**
 * One line of a question set, in the team's format (bench/qa/FORMAT.md): the question, its kind
 * and language, and the file and page that answer it (null file: nothing in the knowledge base
 * answers it; the right answer is 'not covered'). `also`: other copies holding the passage.
 */
export const questionLineSchema = z
  .object({
    id: z
      .string()
      .regex(/^[\w.-]{1,64}$/, 'An id is 1–64 letters, digits, dots, dashes or underscores'),
    question: text(QUESTION_MAX_LENGTH).refine((value) => value.trim().length > 0, {
      message: 'The question must not be empty',
    }),
    kind: z
      .string()
      .regex(/^[a-z][a-z-]{0,31}$/, 'A kind is a lower-case word such as factual or paraphrase'),
    language: z.string().regex(/^[a-z]{2,3}$/, 'A language is a code such as en, hi, mr or ta'),
    file: fileName.nullable(),
    page: page.optional().default(null),
    evidence: text(2000).nullable().optional().default(null),
    also: z
      .array(z.object({ file: fileName, page: page.optional().default(null) }).loose())
      .max(20)
      .optional()
      .default([]),
  })
  .loose()
  .refine((line) => line.file !== null || line.page === null, {
    path: ['page'],
    message: 'An unanswerable question (file null) has no page',
  });
export type QuestionLine = z.output<typeof questionLineSchema>;

/** PUT /api/admin/quality/questions: the file's text, replacing the set. */
export const uploadQuestionSetRequestSchema = z.object({
  content: z
    .string()
    .max(
      QUESTION_SET_MAX_BYTES,
      `A question set may be at most ${QUESTION_SET_MAX_BYTES / 1024 / 1024} MB`,
    ),
});

export const qualityQuestionSchema = z.object({
  id: z.string(),
  line: z.number().int(),
  question: z.string(),
  kind: z.string(),
  language: z.string(),
  file: z.string().nullable(),
  page: z.number().int().nullable(),
});
export type QualityQuestion = z.infer<typeof qualityQuestionSchema>;
export const questionSetResponseSchema = z.object({
  total: z.number().int(),
  questions: z.array(qualityQuestionSchema),
});
export type QuestionSetResponse = z.infer<typeof questionSetResponseSchema>;

/** POST /api/admin/quality/ratings/{id}/question: a rated answer's question, with the page it needs. */
export const questionFromRatingRequestSchema = z.object({
  /** The expected file as the sources name it; null: the answer should be 'not covered'. */
  file: fileName.nullable(),
  page: page.optional().default(null),
  kind: z
    .string()
    .regex(/^[a-z][a-z-]{0,31}$/, 'A kind is a lower-case word such as factual or paraphrase')
    .default('from-review'),
});

// --- Runs ------------------------------------------------------------------------------------

/** One slice's figures: shares are 0..1; MRR over the first five sources. */
export const sliceFiguresSchema = z.object({
  questions: z.number().int(),
  answerable: z.number().int(),
  hit1: z.number(),
  hit3: z.number(),
  hit5: z.number(),
  mrr5: z.number(),
  /** Answerable questions answered 'not covered' (false refusals), as a share. */
  falseRefusals: z.number(),
  unanswerable: z.number().int(),
  /** Unanswerable questions answered 'not covered' (right refusals), as a share. */
  refusals: z.number(),
});
export type SliceFigures = z.infer<typeof sliceFiguresSchema>;

export const runFiguresSchema = z.object({
  overall: sliceFiguresSchema,
  byLanguage: z.record(z.string(), sliceFiguresSchema),
  byKind: z.record(z.string(), sliceFiguresSchema),
});
export type RunFigures = z.infer<typeof runFiguresSchema>;

export const qualityRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(['running', 'done', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  knowledgePosition: z.number().int(),
  error: z.string().nullable(),
  figures: runFiguresSchema.nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type QualityRun = z.infer<typeof qualityRunSchema>;
export const qualityRunResponseSchema = z.object({ run: qualityRunSchema });
export const qualityRunListSchema = z.object({ runs: z.array(qualityRunSchema) });
export type QualityRunList = z.infer<typeof qualityRunListSchema>;
export const runIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** GET /api/admin/quality/diff?from=&to=: what changed per question between two runs. */
export const runDiffQuerySchema = z.object({
  from: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  to: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const runDiffEntrySchema = z.object({
  questionId: z.string(),
  question: z.string(),
  /** 1-based rank of the expected page in each run's sources (null: not found; absent: not asked). */
  fromRank: z.number().int().nullable(),
  toRank: z.number().int().nullable(),
  fromRefused: z.boolean(),
  toRefused: z.boolean(),
  toSources: z.array(sourceSchema),
});
export type RunDiffEntry = z.infer<typeof runDiffEntrySchema>;
export const runDiffResponseSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  /** Found in `from` (within five), lost in `to`; unanswerable: refused before, answered now. */
  lost: z.array(runDiffEntrySchema),
  /** Lost in `from`, found in `to`; unanswerable: answered before, refused now. */
  found: z.array(runDiffEntrySchema),
  /** Found in both, at another rank. */
  moved: z.array(runDiffEntrySchema),
});
export type RunDiffResponse = z.infer<typeof runDiffResponseSchema>;

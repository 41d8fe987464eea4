import type { RatingReason, RatingValue } from '@samvad/contracts/answer-feedback';
import type { Source } from '@samvad/contracts/sources';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * Readers' ratings of answers (issue #31). An answer is named by the server's signature of it
 * (answer-signature.ts), which members' and guests' answers both carry; one rating per rater and
 * answer, changed in place. The rated text is copied here: a guest's answer exists nowhere else.
 */
export const answerRatings = pgTable(
  'answer_ratings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The answer's signature: the same answer rated by two readers shares it. */
    answerKey: text('answer_key').notNull(),
    /** `user:<id>` or `guest:<signed cookie id>`: whose rating it is. */
    raterKey: text('rater_key').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A guest's network (actor.ts networkOf), which their limit counts by. */
    guestNetwork: text('guest_network'),
    rating: text('rating').$type<RatingValue>().notNull(),
    reasons: jsonb('reasons').$type<RatingReason[]>().notNull().default(sql`'[]'::jsonb`),
    comment: text('comment'),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sources: jsonb('sources').$type<Source[]>().notNull().default(sql`'[]'::jsonb`),
    /** The question's language (detectReplyLanguage), for the review queue's filter. */
    language: text('language').notNull(),
    /** knowledge_changes position when rated: which state of the knowledge base answered. */
    knowledgePosition: bigint('knowledge_position', { mode: 'number' }).notNull(),
    resolved: boolean('resolved').notNull().default(false),
    resolvedNote: text('resolved_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('answer_ratings_rater_answer_key').on(table.raterKey, table.answerKey),
    index('answer_ratings_queue_idx').on(table.rating, table.updatedAt),
    index('answer_ratings_updated_idx').on(table.updatedAt),
  ],
);

/** The deployment's own question set (bench/qa/FORMAT.md), replaced whole by each upload. */
export const qualityQuestions = pgTable('quality_questions', {
  id: text('id').primaryKey(),
  /** Its line in the uploaded file (1-based), to keep the file's order. */
  line: integer('line').notNull(),
  question: text('question').notNull(),
  kind: text('kind').notNull(),
  language: text('language').notNull(),
  /** The expected file (its name as the knowledge base lists it); null: unanswerable. */
  file: text('file'),
  page: integer('page'),
  evidence: text('evidence'),
  /** Other copies holding the same passage: [{file, page}]. */
  also: jsonb('also')
    .$type<{ file: string; page: number | null }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type QualityFigures = Record<string, unknown>;

/** One run of the question set against the live knowledge base. */
export const qualityRuns = pgTable(
  'quality_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    knowledgePosition: bigint('knowledge_position', { mode: 'number' }).notNull(),
    startedBy: text('started_by'),
    error: text('error'),
    figures: jsonb('figures').$type<QualityFigures>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('quality_runs_started_idx').on(table.startedAt)],
);

/** What one question got in one run: where the expected page ranked, and whether it refused. */
export const qualityRunResults = pgTable(
  'quality_run_results',
  {
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => qualityRuns.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    question: text('question').notNull(),
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    answerable: boolean('answerable').notNull(),
    /** 1-based rank of the first source on an expected page; null: not among the sources. */
    rank: integer('rank'),
    refused: boolean('refused').notNull(),
    sources: jsonb('sources').$type<Source[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (table) => [primaryKey({ columns: [table.runId, table.questionId] })],
);

export type AnswerRatingRow = typeof answerRatings.$inferSelect;
export type QualityQuestionRow = typeof qualityQuestions.$inferSelect;
export type QualityRunRow = typeof qualityRuns.$inferSelect;
export type QualityRunResultRow = typeof qualityRunResults.$inferSelect;

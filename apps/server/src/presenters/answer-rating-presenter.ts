import type { AnswerRating, RatedAnswer } from '@samvad/contracts/answer-feedback';
import type { AnswerRatingRow } from '../db/schema.ts';

/** A reader's own rating, as the rating call answers it. */
export function presentOwnRating(row: AnswerRatingRow): AnswerRating {
  return {
    rating: row.rating,
    reasons: row.reasons,
    comment: row.comment,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A rated answer in the review queue. Who rated it stays out: the queue is about answers. */
export function presentRatedAnswer(row: AnswerRatingRow): RatedAnswer {
  return {
    id: row.id,
    rating: row.rating,
    reasons: row.reasons,
    comment: row.comment,
    question: row.question,
    answer: row.answer,
    sources: row.sources,
    language: row.language,
    knowledgePosition: row.knowledgePosition,
    rater: row.raterKey.startsWith('user:') ? 'member' : 'guest',
    resolved: row.resolved,
    resolvedNote: row.resolvedNote,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

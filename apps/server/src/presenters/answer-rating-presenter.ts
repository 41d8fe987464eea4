import type { AnswerRating } from '@samvad/contracts/answer-feedback';
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

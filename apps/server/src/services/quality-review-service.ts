import type { RatingQueueResponse, ResolveRatingRequest } from '@samvad/contracts/answer-feedback';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { presentRatedAnswer } from '../presenters/answer-rating-presenter.ts';
import { recordAdminAction } from '../repositories/admin-log-repository.ts';
import {
  countRatings,
  listRatings,
  type RatingFilter,
  setResolved,
} from '../repositories/answer-rating-repository.ts';
import type { AdminCall } from './admin-user-service.ts';

export type QueueInput = {
  page: number;
  pageSize: number;
  rating?: 'up' | 'down' | undefined;
  reason?: string | undefined;
  language?: string | undefined;
  /** YYYY-MM-DD, inclusive, UTC days. */
  from?: string | undefined;
  to?: string | undefined;
  resolved?: 'true' | 'false' | undefined;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Quality tab's review queue: thumbs-down first, newest first, one page. */
export async function ratingQueue(db: Database, input: QueueInput): Promise<RatingQueueResponse> {
  const filter: RatingFilter = {
    rating: input.rating,
    reason: input.reason,
    language: input.language,
    from: input.from ? new Date(`${input.from}T00:00:00Z`) : undefined,
    // The end date is inclusive: everything before the next day's start.
    until: input.to ? new Date(Date.parse(`${input.to}T00:00:00Z`) + DAY_MS) : undefined,
    resolved: input.resolved === undefined ? undefined : input.resolved === 'true',
  };
  const offset = (input.page - 1) * input.pageSize;
  const [rows, total] = await Promise.all([
    listRatings(db, filter, { limit: input.pageSize, offset }),
    countRatings(db, filter),
  ]);
  return {
    page: input.page,
    pageSize: input.pageSize,
    total,
    ratings: rows.map(presentRatedAnswer),
  };
}

/** Marks a rated answer resolved (with a note) or reopens it, with its audit row in one step. */
export async function resolveRating(
  db: Database,
  call: AdminCall,
  id: number,
  change: ResolveRatingRequest,
) {
  return db.transaction(async (tx) => {
    const note = change.resolved ? change.note || null : null;
    const row = await setResolved(tx, id, { resolved: change.resolved, note, at: call.now });
    if (!row) throw new AppError('not_found', `No rated answer has the id ${id}`);
    await recordAdminAction(tx, call.actor, {
      action: change.resolved ? 'resolve_rating' : 'reopen_rating',
      details: {
        ratingId: id,
        rating: row.rating,
        question: row.question.slice(0, 200),
        ...(note ? { note } : {}),
      },
      at: call.now,
    });
    return presentRatedAnswer(row);
  });
}

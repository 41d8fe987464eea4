import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { type AnswerRatingRow, answerRatings } from '../db/schema.ts';

export type NewRating = Omit<
  typeof answerRatings.$inferInsert,
  'id' | 'resolved' | 'resolvedNote' | 'resolvedAt' | 'createdAt' | 'updatedAt'
>;

/**
 * One rater's rating of one answer, made or changed in one statement. A change reopens it in
 * the review queue: what the reviewer resolved was the earlier rating.
 */
export async function upsertRating(
  db: Database,
  rating: NewRating,
  now: Date,
): Promise<AnswerRatingRow> {
  const [row] = await db
    .insert(answerRatings)
    .values({ ...rating, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [answerRatings.raterKey, answerRatings.answerKey],
      set: {
        rating: rating.rating,
        reasons: rating.reasons ?? [],
        comment: rating.comment ?? null,
        resolved: false,
        resolvedNote: null,
        resolvedAt: null,
        updatedAt: now,
      },
    })
    .returning();
  if (!row) throw new Error('the rating was not saved');
  return row;
}

/** Withdraws a rating; false when the rater had none for that answer. */
export async function deleteRating(
  db: Database,
  raterKey: string,
  answerKey: string,
): Promise<boolean> {
  const rows = await db
    .delete(answerRatings)
    .where(and(eq(answerRatings.raterKey, raterKey), eq(answerRatings.answerKey, answerKey)))
    .returning({ id: answerRatings.id });
  return rows.length > 0;
}

export type RatingFilter = {
  rating?: 'up' | 'down' | undefined;
  reason?: string | undefined;
  language?: string | undefined;
  /** Rated at or after this time, and before `until`. */
  from?: Date | undefined;
  until?: Date | undefined;
  resolved?: boolean | undefined;
};

function whereOf(filter: RatingFilter): SQL | undefined {
  return and(
    filter.rating ? eq(answerRatings.rating, filter.rating) : undefined,
    filter.reason
      ? sql`${answerRatings.reasons} @> ${JSON.stringify([filter.reason])}::jsonb`
      : undefined,
    filter.language ? eq(answerRatings.language, filter.language) : undefined,
    filter.from ? gte(answerRatings.updatedAt, filter.from) : undefined,
    filter.until ? lt(answerRatings.updatedAt, filter.until) : undefined,
    filter.resolved === undefined ? undefined : eq(answerRatings.resolved, filter.resolved),
  );
}

/** The review queue: thumbs-down before thumbs-up, newest first within each. */
export function listRatings(
  db: Database,
  filter: RatingFilter,
  page: { limit: number; offset: number },
): Promise<AnswerRatingRow[]> {
  return db
    .select()
    .from(answerRatings)
    .where(whereOf(filter))
    .orderBy(
      sql`${answerRatings.rating} = 'down' desc`,
      desc(answerRatings.updatedAt),
      desc(answerRatings.id),
    )
    .limit(page.limit)
    .offset(page.offset);
}

export async function countRatings(db: Database, filter: RatingFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(answerRatings).where(whereOf(filter));
  return Number(row?.n ?? 0);
}

export async function findRating(db: Database, id: number): Promise<AnswerRatingRow | null> {
  const [row] = await db.select().from(answerRatings).where(eq(answerRatings.id, id));
  return row ?? null;
}

export async function setResolved(
  db: Database,
  id: number,
  change: { resolved: boolean; note: string | null; at: Date },
): Promise<AnswerRatingRow | null> {
  const [row] = await db
    .update(answerRatings)
    .set({
      resolved: change.resolved,
      resolvedNote: change.note,
      resolvedAt: change.resolved ? change.at : null,
    })
    .where(eq(answerRatings.id, id))
    .returning();
  return row ?? null;
}

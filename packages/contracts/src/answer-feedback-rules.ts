// Plain values of answer ratings (no zod), usable by the browser without the schema library.

/** Issue #31: why a reader gave a thumbs-down (one or more). */
export const ratingReasons = [
  'did_not_answer',
  'wrong_source',
  'wrong_speaker',
  'wrong_language',
  'should_be_not_covered',
  'other',
] as const;
export type RatingReason = (typeof ratingReasons)[number];

/** What the reader sees for each reason. */
export const RATING_REASON_LABELS: Record<RatingReason, string> = {
  did_not_answer: "Didn't answer",
  wrong_source: 'Wrong source',
  wrong_speaker: 'Wrong speaker',
  wrong_language: 'Wrong language',
  should_be_not_covered: 'Should have said not covered',
  other: 'Other',
};

/** Code points of a rating's comment. */
export const RATING_COMMENT_MAX_LENGTH = 500;
/** An answer carries at most this many sources (the chat sends five). */
export const RATING_MAX_SOURCES = 20;

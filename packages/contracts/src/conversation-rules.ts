// Plain values of conversations (no zod), usable by the browser without the schema library.

export const TITLE_MAX_LENGTH = 30;
export const DEFAULT_CONVERSATION_TITLE = 'New Conversation';
export const MESSAGE_MAX_LENGTH = 32_000;
export const MESSAGE_MAX_SOURCES = 200;
export const CONVERSATION_MAX_MESSAGES = 10_000;
/**
 * A conversation's stored size: the characters of its messages' text and sources (issue 19). A
 * question is taken only while it and an answer (ANSWER_ROOM_CHARS) still fit.
 */
export const CONVERSATION_MAX_CHARS = 2_000_000;
export const ANSWER_ROOM_CHARS = 64_000;
/**
 * GET /api/conversations/{id} answers the newest messages, at most this many and this many
 * characters (always at least one), and a cursor for older ones: any stored conversation is
 * readable, and one response stays small.
 */
export const CONVERSATION_PAGE_MAX_MESSAGES = 500;
export const CONVERSATION_PAGE_MAX_CHARS = 1_000_000;
export const SHARE_MAX_MESSAGES = 200;
/** A guest's snapshot (sent from their browser). */
export const SHARE_MAX_BYTES = 256 * 1024;
/** A member's snapshot (of the stored conversation), and what a shared link ever answers. */
export const MEMBER_SHARE_MAX_BYTES = 1024 * 1024;

/** Shown on a shared answer whose text the server cannot vouch for (issue 19). */
export const UNVERIFIED_ANSWER_NOTICE =
  'Not verified: this text was supplied by the person who shared it.';
/** Shown under a shared conversation cut to the size a link may answer. */
export const SHARE_TRUNCATED_NOTICE =
  'This shared conversation was too long to show whole; its later messages are left out.';
/** Spec §4 step 7: the reply when an answer came out empty (saved by the server). */
export const NO_RESPONSE_APOLOGY =
  'I apologize, but no response was generated. Please try again, or contact support if the problem continues.';
export const GUEST_SHARES_PER_DAY = 10;

/**
 * The first TITLE_MAX_LENGTH UTF-16 units, never ending in half of an emoji nor in the space
 * where the cut fell between two words ("Why was Nagpur chosen for the", not "…the ").
 */
export function cutTitle(text: string): string {
  return text
    .slice(0, TITLE_MAX_LENGTH)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trimEnd();
}

// Plain values of conversations (no zod), usable by the browser without the schema library.

/** A conversation's title, in UTF-16 units: whole words of the question and '…' (cutTitle). */
export const TITLE_MAX_LENGTH = 60;
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

/** What a cut title ends in: one character, so the cut shows however the title is drawn. */
export const TITLE_ELLIPSIS = '…';

/** Marks a cut should not end on: "caste, …" and "the –…" read as litter before the ellipsis. */
const DANGLING_END = /[\s,;:.\-–—/([{"'“‘]+$/u;

/**
 * A conversation's title from a question or a typed name: runs of white space made one space;
 * a text longer than TITLE_MAX_LENGTH UTF-16 units is cut after its last whole word that fits and
 * ends in '…' (the whole title, ellipsis included, fits the limit). Issue 27: a plain cut at 30
 * left "What is the real remedy for th" in the sidebar. A single word longer than half the room
 * is cut between two letters as written (grapheme clusters: never half of an emoji, nor a
 * Devanagari letter without its vowel sign).
 */
export function cutTitle(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (flat.length <= TITLE_MAX_LENGTH) return flat;
  const room = TITLE_MAX_LENGTH - TITLE_ELLIPSIS.length;
  const words = fitting(segments(flat, 'word'), room);
  const head =
    words.length >= room / 2 ? words : fitting(segments(flat, 'grapheme'), room) || words;
  return `${head.replace(DANGLING_END, '') || head}${TITLE_ELLIPSIS}`;
}

/** The longest run of whole segments from the start within `room` UTF-16 units. */
function fitting(parts: Iterable<string>, room: number): string {
  let kept = '';
  for (const part of parts) {
    if (kept.length + part.length > room) break;
    kept += part;
  }
  return kept.trimEnd();
}

/** Words and the spaces between them, or grapheme clusters; split by hand without Intl.Segmenter. */
function* segments(text: string, granularity: 'word' | 'grapheme'): Iterable<string> {
  if (typeof Intl.Segmenter === 'function') {
    for (const { segment } of new Intl.Segmenter(undefined, { granularity }).segment(text))
      yield segment;
    return;
  }
  yield* granularity === 'word' ? (text.match(/\S+|\s+/gu) ?? []) : Array.from(text);
}

// Plain values of conversations (no zod), usable by the browser without the schema library.

export const TITLE_MAX_LENGTH = 30;
export const DEFAULT_CONVERSATION_TITLE = 'New Conversation';
export const MESSAGE_MAX_LENGTH = 32_000;
export const MESSAGE_MAX_SOURCES = 200;
export const CONVERSATION_MAX_MESSAGES = 10_000;
export const SHARE_MAX_MESSAGES = 200;
export const SHARE_MAX_BYTES = 256 * 1024;
export const GUEST_SHARES_PER_DAY = 10;

/** The first TITLE_MAX_LENGTH UTF-16 units, never ending in half of an emoji. */
export function cutTitle(text: string): string {
  return text.slice(0, TITLE_MAX_LENGTH).replace(/[\uD800-\uDBFF]$/, '');
}

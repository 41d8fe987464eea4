// Plain values and texts of the chat (no zod), so the browser can use them without loading the
// schema library on first paint.

export const QUESTION_MAX_LENGTH = 4000;
export const CHAT_HISTORY_MAX_TURNS = 50;

/** The reply shown (and saved) when answering fails (spec §8 "Chat call"). */
export function chatApology(details: string): string {
  return `I apologize, but I encountered an error processing your request. The server might be experiencing issues. Please try again in a moment. Error details: ${details}`;
}

/** The error of a chat call that answered with a non-OK status (spec §8). */
export function chatRequestFailed(status: number): string {
  return `API request failed with status ${status}`;
}

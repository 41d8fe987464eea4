import type { SharedMessage } from '@samvad/contracts/conversations';
import type { Source } from '@samvad/contracts/sources';
import { nanoid } from 'nanoid';

/** A message as the chat screen holds it: the stored shape plus a render key and its state. */
export type ChatMessage = {
  key: string;
  role: 'user' | 'assistant';
  content: string;
  sources: Source[];
  timestamp: string;
  /** streaming: tokens are arriving; stopped: the user pressed Stop; failed: an apology. */
  state?: 'streaming' | 'stopped' | 'failed';
  /** A guest's answer: the server's signature of it, sent back when it is shared or imported. */
  signature?: string;
  /** In a shared view: an answer the server could not vouch for (shown as such, plain). */
  unverified?: boolean;
};

export function newMessage(role: ChatMessage['role'], content = ''): ChatMessage {
  return { key: nanoid(), role, content, sources: [], timestamp: new Date().toISOString() };
}

/** Stored (or shared) messages, keyed by their place counted from the newest, so that older
 * pages put before them leave the keys of those on screen unchanged. */
export function fromStored(messages: SharedMessage[]): ChatMessage[] {
  return messages.map((message, index) => ({
    ...message,
    key: `stored-${messages.length - index}`,
  }));
}

/** The spec's apology for a failed chat call (§8), with the error details. */
export { chatApology } from '@samvad/contracts/chat-rules';

/** Spec §4 step 7: a reply still empty two seconds after finishing (the server saves the same). */
export { NO_RESPONSE_APOLOGY } from '@samvad/contracts/conversation-rules';

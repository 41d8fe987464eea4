import type { Message } from '@samvad/contracts/conversations';
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
};

export function newMessage(role: ChatMessage['role'], content = ''): ChatMessage {
  return { key: nanoid(), role, content, sources: [], timestamp: new Date().toISOString() };
}

export function fromStored(messages: Message[]): ChatMessage[] {
  return messages.map((message, index) => ({ ...message, key: `stored-${index}` }));
}

/** The spec's apology for a failed chat call (§8), with the error details. */
export { chatApology } from '@samvad/contracts/chat-rules';

/** Spec §4 step 7: a reply still empty two seconds after finishing. */
export const NO_RESPONSE_APOLOGY =
  'I apologize, but no response was generated. Please try again, or contact support if the problem continues.';

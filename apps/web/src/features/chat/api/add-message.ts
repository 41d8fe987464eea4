import type { MessageInput } from '@samvad/contracts/conversations';
import { apiFetch } from '../../../shared/api/api-client.ts';

/**
 * POST /api/conversations/{id}/messages. The chat call saves questions and answers itself; this
 * saves only what the browser writes on its own (the empty-reply apology, imported chats).
 */
export function addMessage(conversationId: string, message: MessageInput) {
  return apiFetch<unknown>(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
    method: 'POST',
    body: message,
  });
}

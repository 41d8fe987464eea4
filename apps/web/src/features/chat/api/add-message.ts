import type { MessageInput } from '@samvad/contracts/conversations';
import { apiFetch } from '../../../shared/api/api-client.ts';

/**
 * POST /api/conversations/{id}/messages. The chat call saves questions and answers itself (and
 * the empty-reply apology); this imports a guest's chats: questions, and answers with the
 * signature the chat sent with them.
 */
export function addMessage(conversationId: string, message: MessageInput) {
  return apiFetch<unknown>(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
    method: 'POST',
    body: message,
  });
}

import { DEFAULT_CONVERSATION_TITLE } from '@samvad/contracts/conversation-rules';
import type { Conversation } from '@samvad/contracts/conversations';
import { apiFetch } from '../../../shared/api/api-client.ts';

/**
 * POST /api/conversations {title: 'New Conversation'}: counts toward the member's conversation
 * limit, so a 429 reaches the caller (which opens the limit dialog).
 */
export function createConversation(title = DEFAULT_CONVERSATION_TITLE): Promise<Conversation> {
  return apiFetch<Conversation>('/api/conversations', { method: 'POST', body: { title } });
}

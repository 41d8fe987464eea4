import type { ConversationSummary, Message } from '@samvad/contracts/conversations';
import type { MessageRow } from '../db/schema.ts';
import type { ConversationWithShare } from '../repositories/conversation-repository.ts';

export function presentConversationSummary(row: ConversationWithShare): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    userId: row.userId,
    archived: row.archived,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isShared: row.shareableId !== null,
    shareableId: row.shareableId,
  };
}

export function presentMessage(row: MessageRow): Message {
  return {
    role: row.role,
    content: row.content,
    sources: row.sources,
    timestamp: row.timestamp.toISOString(),
  };
}

import { randomBytes } from 'node:crypto';
import {
  CONVERSATION_MAX_MESSAGES,
  DEFAULT_CONVERSATION_TITLE,
} from '@samvad/contracts/conversation-rules';
import type { Message } from '@samvad/contracts/conversations';
import type { Database } from '../db/database.ts';
import type { StoredSource, UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { presentMessage } from '../presenters/conversation-presenter.ts';
import {
  appendMessage,
  type ConversationWithShare,
  findConversation,
  insertConversation,
  listMessages,
  updateConversation,
} from '../repositories/conversation-repository.ts';
import {
  deleteConversationShare,
  upsertConversationShare,
} from '../repositories/share-repository.ts';

/** 128 random bits, URL-safe: conversation ids and share links cannot be guessed. */
export function randomId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The conversation if the caller may see it: its owner, or (for reading) an admin, who also sees
 * deleted ones (abuse review). Anyone else gets the same 404 as for an id that does not exist,
 * so ids do not leak.
 */
export async function findVisibleConversation(
  db: Database,
  viewer: UserRow,
  id: string,
  access: 'read' | 'write',
): Promise<ConversationWithShare> {
  const adminReading = access === 'read' && viewer.role === 'admin';
  const conversation = await findConversation(db, id, { includeDeleted: adminReading });
  const allowed =
    conversation &&
    (conversation.userId === viewer.id || adminReading) &&
    (conversation.deletedAt === null || adminReading);
  if (!conversation || !allowed)
    throw new AppError('not_found', `No conversation has the id ${id}`);
  return conversation;
}

export async function createConversation(
  db: Database,
  user: UserRow,
  title: string | undefined,
  now: Date,
) {
  const row = await insertConversation(db, {
    id: randomId(),
    userId: user.id,
    title: title ?? DEFAULT_CONVERSATION_TITLE,
    now,
  });
  return { ...row, shareableId: null };
}

export async function changeConversation(
  db: Database,
  user: UserRow,
  id: string,
  change: { title?: string | undefined; archived?: boolean | undefined },
  now: Date,
): Promise<ConversationWithShare> {
  await findVisibleConversation(db, user, id, 'write');
  await updateConversation(db, id, {
    ...(change.title !== undefined ? { title: change.title } : {}),
    ...(change.archived !== undefined ? { archived: change.archived } : {}),
    updatedAt: now,
  });
  return findVisibleConversation(db, user, id, 'write');
}

/** Soft delete: out of every list, still counted for limits and metrics; its link stops working. */
export async function deleteConversation(db: Database, user: UserRow, id: string, now: Date) {
  await findVisibleConversation(db, user, id, 'write');
  await db.transaction(async (tx) => {
    await updateConversation(tx, id, { deletedAt: now });
    await deleteConversationShare(tx, id);
  });
}

export async function addMessage(
  db: Database,
  user: UserRow,
  id: string,
  message: {
    role: 'user' | 'assistant';
    content: string;
    sources: StoredSource[];
    timestamp?: string | undefined;
  },
  now: Date,
) {
  await findVisibleConversation(db, user, id, 'write');
  const row = await appendMessage(
    db,
    id,
    { ...message, timestamp: message.timestamp ? new Date(message.timestamp) : now },
    CONVERSATION_MAX_MESSAGES,
    now,
  );
  if (!row) {
    throw new AppError(
      'payload_too_large',
      `This conversation has reached its limit of ${CONVERSATION_MAX_MESSAGES.toLocaleString('en')} messages; start a new one.`,
    );
  }
  return row;
}

export async function conversationMessages(db: Database, id: string): Promise<Message[]> {
  return (await listMessages(db, id)).map(presentMessage);
}

/** Snapshots the stored messages behind the conversation's one link (new or existing). */
export async function shareConversation(db: Database, user: UserRow, id: string, now: Date) {
  const conversation = await findVisibleConversation(db, user, id, 'write');
  return upsertConversationShare(db, {
    shareableId: randomId(),
    conversationId: id,
    ownerUserId: user.id,
    title: conversation.title,
    messages: await conversationMessages(db, id),
    now,
  });
}

export async function revokeShare(db: Database, user: UserRow, id: string) {
  await findVisibleConversation(db, user, id, 'write');
  if (!(await deleteConversationShare(db, id))) {
    throw new AppError('not_found', 'This conversation is not shared.');
  }
}

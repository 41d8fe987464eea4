import { randomBytes } from 'node:crypto';
import {
  ANSWER_ROOM_CHARS,
  CONVERSATION_MAX_CHARS,
  CONVERSATION_MAX_MESSAGES,
  CONVERSATION_PAGE_MAX_CHARS,
  CONVERSATION_PAGE_MAX_MESSAGES,
  DEFAULT_CONVERSATION_TITLE,
  MEMBER_SHARE_MAX_BYTES,
  SHARE_MAX_MESSAGES,
} from '@samvad/contracts/conversation-rules';
import type { Message } from '@samvad/contracts/conversations';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { MessageRow, StoredSource, UserRow } from '../db/schema.ts';
import type { AnswerSigner } from '../http/answer-signature.ts';
import { AppError } from '../http/app-error.ts';
import { decodeCursor, encodeCursor } from '../http/cursor.ts';
import { presentMessage } from '../presenters/conversation-presenter.ts';
import { withOwnLink } from '../presenters/source-presenter.ts';
import {
  type AppendRules,
  appendMessage,
  type ConversationWithShare,
  findConversation,
  insertConversation,
  listMessagePage,
  listMessages,
  updateConversation,
} from '../repositories/conversation-repository.ts';
import {
  deleteConversationShare,
  upsertConversationShare,
} from '../repositories/share-repository.ts';
import { checkAndConsume } from './usage-limit-service.ts';

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

type NewMessage = {
  role: 'user' | 'assistant';
  content: string;
  sources: StoredSource[];
  timestamp?: string | undefined;
};

/**
 * The server's own saving of a chat turn (chat-service.ts): a question only while it and an
 * answer still fit in the conversation (count and size); the answer to it always.
 */
export async function addMessage(
  db: Database,
  user: UserRow,
  id: string,
  message: NewMessage,
  now: Date,
): Promise<MessageRow> {
  await findVisibleConversation(db, user, id, 'write');
  return append(db, id, message, rulesFor(message.role), now);
}

/**
 * POST /api/conversations/{id}/messages: what the browser still saves itself, now that the chat
 * saves questions and answers (issue 19): the messages of a guest's conversation moved into the
 * account after sign-in. A question costs one message of the member's per-conversation limit,
 * as in the chat (refused: nothing is charged); an answer is taken only with the signature the
 * chat sent with it, right after the question it answered, and costs nothing more.
 */
export async function importMessage(
  db: Database,
  user: UserRow,
  id: string,
  message: NewMessage & { signature?: string | undefined },
  context: { now: Date; timezone: string; signer: AnswerSigner },
): Promise<MessageRow> {
  await findVisibleConversation(db, user, id, 'write');
  const { signature, ...stored } = message;
  if (message.role === 'assistant') {
    if (!signature) {
      throw new AppError(
        'bad_request',
        'Answers are saved by the server as it gives them: an assistant message is accepted only with the signature the chat sent with it.',
      );
    }
    const follows: AppendRules['follows'] = (previous) =>
      previous?.role === 'user' &&
      context.signer.verify(previous.content, message.content, message.sources, signature);
    return append(db, id, stored, { ...rulesFor('assistant'), follows }, context.now);
  }
  if (message.sources.length > 0) {
    throw new AppError('bad_request', 'sources: a question cites no sources; send an empty list.');
  }
  return db.transaction(async (tx) => {
    await checkAndConsume(tx, { kind: 'user', user }, 'message', {
      conversationId: id,
      now: context.now,
      timezone: context.timezone,
    });
    return append(tx, id, stored, rulesFor('user'), context.now);
  });
}

/** A question leaves room for its answer; an answer (the server's own) is never refused for size. */
function rulesFor(role: NewMessage['role']): AppendRules {
  return role === 'user'
    ? {
        maxMessages: CONVERSATION_MAX_MESSAGES - 1,
        maxSize: CONVERSATION_MAX_CHARS - ANSWER_ROOM_CHARS,
      }
    : { maxMessages: CONVERSATION_MAX_MESSAGES, maxSize: null };
}

async function append(
  db: Database,
  id: string,
  message: NewMessage,
  rules: AppendRules,
  now: Date,
): Promise<MessageRow> {
  const result = await appendMessage(
    db,
    id,
    { ...message, timestamp: message.timestamp ? new Date(message.timestamp) : now },
    rules,
    now,
  );
  if ('row' in result) return result.row;
  switch (result.refused) {
    case 'messages':
      throw new AppError(
        'payload_too_large',
        `This conversation has reached its limit of ${CONVERSATION_MAX_MESSAGES.toLocaleString('en')} messages; start a new one.`,
      );
    case 'size':
      throw new AppError(
        'payload_too_large',
        `This conversation has reached its size limit of ${CONVERSATION_MAX_CHARS.toLocaleString('en')} characters (${result.size.toLocaleString('en')} used); start a new one.`,
      );
    case 'order':
      throw new AppError(
        'bad_request',
        "This answer's signature does not match: it is not an answer this server gave to the question saved just before it.",
      );
    default:
      throw new AppError('not_found', `No conversation has the id ${id}`);
  }
}

/** Where a page of older messages starts: the ordinal of the oldest message already shown. */
const pageCursorSchema = z.object({ before: z.number().int().nonnegative() });

/**
 * The newest page of a conversation's messages, or the one before `cursor`, with the cursor of
 * the page before it (CONVERSATION_PAGE_MAX_MESSAGES / _CHARS): any stored conversation is
 * readable, by its owner and by admins, in responses of bounded size.
 */
export async function conversationPage(
  db: Database,
  id: string,
  cursor: string | undefined,
): Promise<{ messages: Message[]; hasMore: boolean; nextCursor: string | null }> {
  const position = decodeCursor(cursor, pageCursorSchema);
  const page = await listMessagePage(db, id, {
    before: position?.before ?? null,
    maxMessages: CONVERSATION_PAGE_MAX_MESSAGES,
    maxChars: CONVERSATION_PAGE_MAX_CHARS,
  });
  return {
    messages: page.rows.map(presentMessage),
    hasMore: page.hasMore,
    nextCursor:
      page.hasMore && page.oldestOrdinal !== null
        ? encodeCursor({ before: page.oldestOrdinal })
        : null,
  };
}

/**
 * Snapshots the stored messages behind the conversation's one link (new or existing). They were
 * saved by the server, so they are shown as its answers; links are kept only to this server's
 * documents. At most SHARE_MAX_MESSAGES messages and MEMBER_SHARE_MAX_BYTES.
 */
export async function shareConversation(db: Database, user: UserRow, id: string, now: Date) {
  const conversation = await findVisibleConversation(db, user, id, 'write');
  const tooLarge = () =>
    new AppError(
      'payload_too_large',
      `A shared conversation may have at most ${SHARE_MAX_MESSAGES} messages and ${MEMBER_SHARE_MAX_BYTES / 1024} KB; this one is larger.`,
    );
  // The stored count and size refuse an oversize conversation before any message is read.
  if (
    conversation.messageCount > SHARE_MAX_MESSAGES ||
    conversation.contentSize > MEMBER_SHARE_MAX_BYTES
  )
    throw tooLarge();
  const messages = (await listMessages(db, id, SHARE_MAX_MESSAGES + 1)).map((row) => ({
    ...presentMessage(row),
    sources: row.sources.map(withOwnLink),
  }));
  if (
    messages.length > SHARE_MAX_MESSAGES ||
    Buffer.byteLength(JSON.stringify({ title: conversation.title, messages })) >
      MEMBER_SHARE_MAX_BYTES
  )
    throw tooLarge();
  return upsertConversationShare(db, {
    shareableId: randomId(),
    conversationId: id,
    ownerUserId: user.id,
    title: conversation.title,
    messages,
    now,
  });
}

export async function revokeShare(db: Database, user: UserRow, id: string) {
  await findVisibleConversation(db, user, id, 'write');
  if (!(await deleteConversationShare(db, id))) {
    throw new AppError('not_found', 'This conversation is not shared.');
  }
}

import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { preparedFor } from '../db/prepared.ts';
import {
  type ConversationRow,
  conversations,
  type MessageRow,
  messages,
  type StoredSource,
  shares,
} from '../db/schema.ts';

export type ConversationWithShare = ConversationRow & { shareableId: string | null };

const withShare = {
  conversation: conversations,
  shareableId: shares.shareableId,
};

export async function insertConversation(
  db: Database,
  values: { id: string; userId: string; title: string; now: Date },
): Promise<ConversationRow> {
  const [row] = await db
    .insert(conversations)
    .values({
      id: values.id,
      userId: values.userId,
      title: values.title,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('insert into conversations returned no row');
  return row;
}

/** A conversation with its share link if any; a deleted one only when asked for. */
export async function findConversation(
  db: Database,
  id: string,
  options: { includeDeleted: boolean } = { includeDeleted: false },
): Promise<ConversationWithShare | null> {
  const [row] = await db
    .select(withShare)
    .from(conversations)
    .leftJoin(shares, eq(shares.conversationId, conversations.id))
    .where(
      and(
        eq(conversations.id, id),
        options.includeDeleted ? undefined : isNull(conversations.deletedAt),
      ),
    )
    .limit(1);
  return row ? { ...row.conversation, shareableId: row.shareableId } : null;
}

/** The user's conversations that are not deleted, newest `updatedAt` first. */
const liveConversationsStatement = preparedFor((db) =>
  db
    .select(withShare)
    .from(conversations)
    .leftJoin(shares, eq(shares.conversationId, conversations.id))
    .where(
      and(eq(conversations.userId, sql.placeholder('userId')), isNull(conversations.deletedAt)),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .prepare('list_live_conversations'),
);

export async function listLiveConversations(
  db: Database,
  userId: string,
): Promise<ConversationWithShare[]> {
  const rows = await liveConversationsStatement(db).execute({ userId });
  return rows.map((row) => ({ ...row.conversation, shareableId: row.shareableId }));
}

export async function updateConversation(
  db: Database,
  id: string,
  values: Partial<Pick<ConversationRow, 'title' | 'archived' | 'deletedAt' | 'updatedAt'>>,
): Promise<void> {
  await db.update(conversations).set(values).where(eq(conversations.id, id));
}

/** Every message, oldest first: for sharing, whose snapshot is capped by the caller. */
export function listMessages(
  db: Database,
  conversationId: string,
  limit?: number,
): Promise<MessageRow[]> {
  const query = db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.ordinal));
  return limit === undefined ? query : query.limit(limit);
}

/** A message's size as a conversation's cap counts it: characters of its text and sources. */
export function messageSize(message: { content: string; sources: StoredSource[] }): number {
  return message.content.length + JSON.stringify(message.sources).length;
}

export type MessagePage = { rows: MessageRow[]; hasMore: boolean; oldestOrdinal: number | null };

/**
 * The newest messages before `before` (an ordinal; null for the newest), oldest first: at most
 * `maxMessages`, and no more than `maxChars` of text and sources, though always at least one.
 * The sizes are summed by the database over the newest rows only, so a conversation of any size
 * is read in bounded memory.
 */
export async function listMessagePage(
  db: Database,
  conversationId: string,
  page: { before: number | null; maxMessages: number; maxChars: number },
): Promise<MessagePage> {
  const scope = and(
    eq(messages.conversationId, conversationId),
    page.before === null ? undefined : lt(messages.ordinal, page.before),
  );
  const sizes = await db
    .select({
      ordinal: messages.ordinal,
      running:
        sql<number>`sum(length(${messages.content}) + length(${messages.sources}::text)) over (order by ${messages.ordinal} desc)`.mapWith(
          Number,
        ),
    })
    .from(messages)
    .where(scope)
    .orderBy(desc(messages.ordinal))
    .limit(page.maxMessages + 1);
  let taken = 0;
  while (
    taken < Math.min(sizes.length, page.maxMessages) &&
    (taken === 0 || (sizes[taken]?.running ?? 0) <= page.maxChars)
  ) {
    taken++;
  }
  const oldest = taken > 0 ? (sizes[taken - 1]?.ordinal ?? null) : null;
  if (oldest === null) return { rows: [], hasMore: false, oldestOrdinal: null };
  const rows = await db
    .select()
    .from(messages)
    .where(and(scope, gte(messages.ordinal, oldest)))
    .orderBy(asc(messages.ordinal));
  return { rows, hasMore: sizes.length > taken, oldestOrdinal: oldest };
}

/** What an append must respect; checked under the conversation's row lock. */
export type AppendRules = {
  /** The count after this message must not exceed it. */
  maxMessages: number;
  /** The conversation's size after this message must not exceed it; null: not checked. */
  maxSize: number | null;
  /** When set, the previous message must pass it (an imported answer follows its question). */
  follows?: (previous: Pick<MessageRow, 'role' | 'content'> | null) => boolean;
};

export type AppendResult =
  | { row: MessageRow }
  | { refused: 'missing' | 'messages' | 'size' | 'order'; count: number; size: number };

/**
 * Appends in one transaction: the conversation row is locked, so concurrent appends get
 * consecutive ordinals and the caps hold exactly.
 */
export async function appendMessage(
  db: Database,
  conversationId: string,
  message: {
    role: 'user' | 'assistant';
    content: string;
    sources: StoredSource[];
    timestamp: Date;
  },
  rules: AppendRules,
  now: Date,
): Promise<AppendResult> {
  const size = messageSize(message);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ count: conversations.messageCount, size: conversations.contentSize })
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .for('update');
    if (!locked) return { refused: 'missing', count: 0, size: 0 };
    const refusal = { count: locked.count, size: locked.size };
    if (locked.count + 1 > rules.maxMessages) return { refused: 'messages', ...refusal };
    if (rules.maxSize !== null && locked.size + size > rules.maxSize)
      return { refused: 'size', ...refusal };
    if (rules.follows) {
      const [previous] = await tx
        .select({ role: messages.role, content: messages.content })
        .from(messages)
        .where(eq(messages.conversationId, conversationId))
        .orderBy(desc(messages.ordinal))
        .limit(1);
      if (!rules.follows(previous ?? null)) return { refused: 'order', ...refusal };
    }
    const [row] = await tx
      .insert(messages)
      .values({ conversationId, ordinal: locked.count, ...message })
      .returning();
    if (!row) throw new Error('insert into messages returned no row');
    await tx
      .update(conversations)
      .set({
        messageCount: sql`${conversations.messageCount} + 1`,
        // Capped at the column's range: a legacy conversation may already be near it.
        contentSize: sql`least(${conversations.contentSize}::bigint + ${size}, 2147483647)::integer`,
        updatedAt: now,
      })
      .where(eq(conversations.id, conversationId));
    return { row };
  });
}

import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
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

export function listMessages(db: Database, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.ordinal));
}

/**
 * Appends in one transaction: the conversation row is locked, so concurrent appends get
 * consecutive ordinals and the message cap holds exactly. Returns null when the cap is reached.
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
  maxMessages: number,
  now: Date,
): Promise<MessageRow | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ count: conversations.messageCount })
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .for('update');
    if (!locked || locked.count >= maxMessages) return null;
    const [row] = await tx
      .insert(messages)
      .values({ conversationId, ordinal: locked.count, ...message })
      .returning();
    await tx
      .update(conversations)
      .set({ messageCount: sql`${conversations.messageCount} + 1`, updatedAt: now })
      .where(eq(conversations.id, conversationId));
    return row ?? null;
  });
}

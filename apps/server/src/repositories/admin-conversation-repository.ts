import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { type ConversationRow, conversations, users } from '../db/schema.ts';

export type AdminConversationRow = ConversationRow & {
  userEmail: string | null;
  userName: string | null;
};

/** Every conversation (deleted ones too), optionally one user's, newest `updatedAt` first. */
export async function listAllConversations(
  db: Database,
  userId: string | undefined,
  page: { limit: number; offset: number },
): Promise<AdminConversationRow[]> {
  const rows = await db
    .select({ conversation: conversations, userEmail: users.email, userName: users.name })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.userId))
    .where(userId ? eq(conversations.userId, userId) : undefined)
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({
    ...row.conversation,
    userEmail: row.userEmail,
    userName: row.userName,
  }));
}

export async function countAllConversations(
  db: Database,
  userId: string | undefined,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(conversations)
    .where(userId ? eq(conversations.userId, userId) : undefined);
  return row?.total ?? 0;
}

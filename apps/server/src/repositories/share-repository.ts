import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { type ShareRow, shares } from '../db/schema.ts';

export async function findShare(db: Database, shareableId: string): Promise<ShareRow | null> {
  const [row] = await db.select().from(shares).where(eq(shares.shareableId, shareableId)).limit(1);
  return row ?? null;
}

/** One link per conversation: sharing again replaces the snapshot behind the same id. */
export async function upsertConversationShare(
  db: Database,
  values: {
    shareableId: string;
    conversationId: string;
    ownerUserId: string;
    title: string;
    messages: unknown;
    now: Date;
  },
): Promise<string> {
  const [row] = await db
    .insert(shares)
    .values({ ...values, createdAt: values.now, updatedAt: values.now })
    .onConflictDoUpdate({
      target: shares.conversationId,
      set: { title: values.title, messages: values.messages, updatedAt: values.now },
    })
    .returning({ shareableId: shares.shareableId });
  if (!row) throw new Error('share upsert returned no row');
  return row.shareableId;
}

export async function insertGuestShare(
  db: Database,
  values: { shareableId: string; guestId: string; title: string; messages: unknown; now: Date },
): Promise<void> {
  await db.insert(shares).values({ ...values, createdAt: values.now, updatedAt: values.now });
}

export async function deleteConversationShare(
  db: Database,
  conversationId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(shares)
    .where(eq(shares.conversationId, conversationId))
    .returning();
  return deleted.length > 0;
}

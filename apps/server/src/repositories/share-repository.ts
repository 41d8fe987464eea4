import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { rowsOf } from '../db/migrations.ts';
import { type ShareRow, shares } from '../db/schema.ts';

export async function findShare(db: Database, shareableId: string): Promise<ShareRow | null> {
  const [row] = await db.select().from(shares).where(eq(shares.shareableId, shareableId)).limit(1);
  return row ?? null;
}

export type ShareHead = Pick<ShareRow, 'shareableId' | 'conversationId' | 'guestId' | 'title'> & {
  totalMessages: number;
};

/**
 * A share without its messages, and how many it holds: reading one never loads a snapshot of
 * any size whole (issue 19).
 */
export async function findShareHead(db: Database, shareableId: string): Promise<ShareHead | null> {
  const [row] = await db
    .select({
      shareableId: shares.shareableId,
      conversationId: shares.conversationId,
      guestId: shares.guestId,
      title: sql<string>`left(${shares.title}, 200)`,
      totalMessages:
        sql<number>`case when jsonb_typeof(${shares.messages}) = 'array' then jsonb_array_length(${shares.messages}) else 0 end`.mapWith(
          Number,
        ),
    })
    .from(shares)
    .where(eq(shares.shareableId, shareableId))
    .limit(1);
  return row ?? null;
}

/**
 * The snapshot's first messages: at most `maxMessages`, and no more than `maxChars` (as JSON
 * text) in all, though always the first one. The sizes are summed by the database.
 */
export async function readShareMessages(
  db: Database,
  shareableId: string,
  page: { maxMessages: number; maxChars: number },
): Promise<unknown[]> {
  const result = await db.execute(sql`
    select e.message::text as message, sum(length(e.message::text)) over (order by e.ord) as running
      from ${shares}
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(${shares.messages}) = 'array' then ${shares.messages} else '[]'::jsonb end
      ) with ordinality as e(message, ord)
     where ${shares.shareableId} = ${shareableId}
     order by e.ord
     limit ${page.maxMessages}`);
  const rows = rowsOf<{ message: string; running: string | number }>(result);
  const kept: unknown[] = [];
  for (const row of rows) {
    if (kept.length > 0 && Number(row.running) > page.maxChars) break;
    // As text, so that both engines' drivers hand over the same thing.
    kept.push(JSON.parse(row.message));
  }
  return kept;
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

import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import {
  collectionQuotes,
  type ProfileRow,
  profiles,
  type QuoteCollectionRow,
  quoteCollections,
} from '../db/schema.ts';

export type CollectionWithOwner = QuoteCollectionRow & { quoteCount: number; owner: ProfileRow };

/** Counted when read: a quote removed with its post leaves no count to correct. */
const quoteCount = sql<number>`(select count(*)::int from ${collectionQuotes} where ${collectionQuotes.collectionId} = ${quoteCollections.id})`;

function selectCollections(db: Database) {
  return db
    .select({ ...getTableColumns(quoteCollections), quoteCount, owner: profiles })
    .from(quoteCollections)
    .innerJoin(profiles, eq(profiles.userId, quoteCollections.userId));
}

export async function findCollection(
  db: Database,
  id: string,
): Promise<CollectionWithOwner | null> {
  const [row] = await selectCollections(db).where(eq(quoteCollections.id, id)).limit(1);
  return row ?? null;
}

/** A member's collections, newest first; private ones only when `includePrivate`. */
export function collectionsOf(
  db: Database,
  userId: string,
  includePrivate: boolean,
): Promise<CollectionWithOwner[]> {
  return selectCollections(db)
    .where(
      and(
        eq(quoteCollections.userId, userId),
        includePrivate ? undefined : eq(quoteCollections.isPublic, true),
      ),
    )
    .orderBy(desc(quoteCollections.createdAt), desc(quoteCollections.id))
    .limit(200);
}

export async function insertCollection(
  db: Database,
  values: typeof quoteCollections.$inferInsert,
): Promise<void> {
  await db.insert(quoteCollections).values(values);
}

export async function updateCollection(
  db: Database,
  id: string,
  values: Partial<Pick<QuoteCollectionRow, 'title' | 'description' | 'isPublic'>>,
  now: Date,
): Promise<void> {
  await db
    .update(quoteCollections)
    .set({ ...values, updatedAt: now })
    .where(eq(quoteCollections.id, id));
}

export async function deleteCollection(db: Database, id: string): Promise<void> {
  await db.delete(quoteCollections).where(eq(quoteCollections.id, id));
}

export async function addQuote(db: Database, collectionId: string, postId: string, now: Date) {
  await db
    .insert(collectionQuotes)
    .values({ collectionId, postId, addedAt: now })
    .onConflictDoNothing();
  await db
    .update(quoteCollections)
    .set({ updatedAt: now })
    .where(eq(quoteCollections.id, collectionId));
}

export async function hasQuote(db: Database, collectionId: string, postId: string) {
  const rows = await db
    .select({ postId: collectionQuotes.postId })
    .from(collectionQuotes)
    .where(
      and(eq(collectionQuotes.collectionId, collectionId), eq(collectionQuotes.postId, postId)),
    )
    .limit(1);
  return rows.length > 0;
}

export async function removeQuote(db: Database, collectionId: string, postId: string) {
  await db
    .delete(collectionQuotes)
    .where(
      and(eq(collectionQuotes.collectionId, collectionId), eq(collectionQuotes.postId, postId)),
    );
}

export type QuotePosition = { at: string; id: string };

/** The collection's quotes, most recently added first. */
export function quotePage(
  db: Database,
  collectionId: string,
  after: QuotePosition | null,
  limit: number,
): Promise<{ postId: string; at: Date }[]> {
  return db
    .select({ postId: collectionQuotes.postId, at: collectionQuotes.addedAt })
    .from(collectionQuotes)
    .where(
      and(
        eq(collectionQuotes.collectionId, collectionId),
        after
          ? sql`(${collectionQuotes.addedAt}, ${collectionQuotes.postId}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(collectionQuotes.addedAt), desc(collectionQuotes.postId))
    .limit(limit);
}

export async function countCollectionsOf(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(quoteCollections)
    .where(eq(quoteCollections.userId, userId));
  return row?.total ?? 0;
}

import type {
  Collection,
  createCollectionRequestSchema,
  Post,
  updateCollectionRequestSchema,
} from '@samvad/contracts/community';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { decodeCursor, encodeCursor } from '../http/cursor.ts';
import { presentCollection, presentPost } from '../presenters/community-presenter.ts';
import {
  addQuote,
  type CollectionWithOwner,
  collectionsOf,
  countCollectionsOf,
  deleteCollection,
  findCollection,
  hasQuote,
  insertCollection,
  quotePage,
  removeQuote,
  updateCollection,
} from '../repositories/collection-repository.ts';
import { findPostRow, hydratePosts } from '../repositories/post-repository.ts';
import { randomId } from './conversation-service.ts';

export const MAX_COLLECTIONS_PER_MEMBER = 100;

/** A private collection is the owner's alone: anyone else gets the 404 of a missing one. */
async function visibleCollection(db: Database, id: string, viewerId: string | null) {
  const row = await findCollection(db, id);
  if (!row || (!row.isPublic && row.userId !== viewerId)) {
    throw new AppError('not_found', `No collection has the id ${id}`);
  }
  return row;
}

async function ownCollection(
  db: Database,
  id: string,
  user: UserRow,
): Promise<CollectionWithOwner> {
  const row = await visibleCollection(db, id, user.id);
  if (row.userId !== user.id)
    throw new AppError('forbidden', 'Only its owner can change a collection.');
  return row;
}

export async function listCollections(db: Database, ownerId: string, viewerId: string | null) {
  const rows = await collectionsOf(db, ownerId, ownerId === viewerId);
  return rows.map(presentCollection);
}

export async function createCollection(
  db: Database,
  user: UserRow,
  input: z.output<typeof createCollectionRequestSchema>,
  now: Date,
): Promise<Collection> {
  if ((await countCollectionsOf(db, user.id)) >= MAX_COLLECTIONS_PER_MEMBER) {
    throw new AppError(
      'conflict',
      `You can keep at most ${MAX_COLLECTIONS_PER_MEMBER} collections.`,
    );
  }
  const id = randomId();
  await insertCollection(db, {
    id,
    userId: user.id,
    title: input.title,
    description: input.description?.trim() || null,
    isPublic: input.isPublic,
    createdAt: now,
    updatedAt: now,
  });
  return presentCollection(await visibleCollection(db, id, user.id));
}

export async function changeCollection(
  db: Database,
  user: UserRow,
  id: string,
  input: z.output<typeof updateCollectionRequestSchema>,
  now: Date,
): Promise<Collection> {
  await ownCollection(db, id, user);
  await updateCollection(
    db,
    id,
    {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined
        ? { description: input.description?.trim() || null }
        : {}),
      ...(input.isPublic !== undefined ? { isPublic: input.isPublic } : {}),
    },
    now,
  );
  return presentCollection(await visibleCollection(db, id, user.id));
}

export async function removeCollection(db: Database, user: UserRow, id: string): Promise<void> {
  await ownCollection(db, id, user);
  await deleteCollection(db, id);
}

/** Save Quote: only quote posts go into collections. */
export async function setCollectionQuote(
  db: Database,
  user: UserRow,
  id: string,
  postId: string,
  on: boolean,
  now: Date,
): Promise<Collection> {
  await ownCollection(db, id, user);
  if (on) {
    const post = await findPostRow(db, postId);
    if (!post) throw new AppError('not_found', `No post has the id ${postId}`);
    if (!post.isQuote)
      throw new AppError('validation_failed', 'Only quotes can be saved to a collection.');
    await addQuote(db, id, postId, now);
  } else {
    await removeQuote(db, id, postId);
  }
  return presentCollection(await visibleCollection(db, id, user.id));
}

/** Whether the quote is in the collection (Save Quote's boxes); the collection must be visible. */
export async function collectionHasQuote(
  db: Database,
  id: string,
  postId: string,
  viewerId: string | null,
): Promise<boolean> {
  await visibleCollection(db, id, viewerId);
  return hasQuote(db, id, postId);
}

const quotePosition = z.object({ at: z.iso.datetime(), id: z.string().max(64) });

export async function collectionDetail(
  db: Database,
  id: string,
  viewerId: string | null,
  query: { cursor?: string | undefined; limit: number },
): Promise<{ collection: Collection; quotes: Post[]; nextCursor: string | null }> {
  const row = await visibleCollection(db, id, viewerId);
  const refs = await quotePage(db, id, decodeCursor(query.cursor, quotePosition), query.limit + 1);
  const page = refs.slice(0, query.limit);
  const hydrated = await hydratePosts(
    db,
    page.map((ref) => ref.postId),
    viewerId,
  );
  const last = page.at(-1);
  return {
    collection: presentCollection(row),
    quotes: page.flatMap((ref) => {
      const post = hydrated.get(ref.postId);
      return post ? [presentPost(post)] : [];
    }),
    nextCursor:
      refs.length > query.limit && last
        ? encodeCursor({ at: last.at.toISOString(), id: last.postId })
        : null,
  };
}

import type { Comment } from '@samvad/contracts/community';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { CommunityMember } from '../http/community-guard.ts';
import { decodeCursor, encodeCursor } from '../http/cursor.ts';
import { presentComment } from '../presenters/community-presenter.ts';
import {
  commentPage,
  deleteComment,
  findComment,
  insertComment,
} from '../repositories/comment-repository.ts';
import { findPostRow } from '../repositories/post-repository.ts';
import { takeHourlyUnit } from './community-post-service.ts';

const commentPosition = z.object({ at: z.iso.datetime(), id: z.number().int() });

export async function listComments(
  db: Database,
  postId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<{ comments: Comment[]; nextCursor: string | null }> {
  if (!(await findPostRow(db, postId)))
    throw new AppError('not_found', `No post has the id ${postId}`);
  const rows = await commentPage(
    db,
    postId,
    decodeCursor(query.cursor, commentPosition),
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    comments: page.map((row) => presentComment(row.comment, row.author)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ at: last.comment.createdAt.toISOString(), id: last.comment.id })
        : null,
  };
}

/** Comments count against the hourly post limit: they are short posts under another. */
export async function addComment(
  db: Database,
  member: CommunityMember,
  postId: string,
  content: string,
  options: { postsPerHour: number; now: Date },
): Promise<Comment> {
  return db.transaction(async (tx) => {
    if (!(await findPostRow(tx, postId)))
      throw new AppError('not_found', `No post has the id ${postId}`);
    await takeHourlyUnit(tx, member.user.id, 'post', options.postsPerHour, options.now);
    const row = await insertComment(tx, {
      postId,
      userId: member.user.id,
      content,
      createdAt: options.now,
    });
    return presentComment(row, member.profile);
  });
}

/** Authors delete their own comments; admins any. */
export async function removeComment(db: Database, user: UserRow, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const comment = await findComment(tx, id);
    if (!comment) throw new AppError('not_found', `No comment has the id ${id}`);
    if (comment.userId !== user.id && user.role !== 'admin') {
      throw new AppError('forbidden', 'You can only delete your own comments.');
    }
    await deleteComment(tx, comment);
  });
}

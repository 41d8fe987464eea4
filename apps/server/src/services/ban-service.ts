import type { BanStatusRequest } from '@samvad/contracts/auth';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { findUserById, updateUser } from '../repositories/user-repository.ts';

/** Bans or unbans a user; an admin cannot ban themselves. */
export async function setBanStatus(
  db: Database,
  admin: UserRow,
  userId: string,
  input: BanStatusRequest,
  now: Date,
): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('not_found', `No user has the id ${userId}`);
  if (user.id === admin.id && input.banned) {
    throw new AppError('validation_failed', 'You cannot ban yourself.');
  }
  const bannedUntil = input.bannedUntil ? new Date(input.bannedUntil) : null;
  if (input.banned && bannedUntil && bannedUntil.getTime() <= now.getTime()) {
    throw new AppError('validation_failed', 'bannedUntil must be in the future.');
  }
  return updateUser(db, user.id, {
    banned: input.banned,
    banReason: input.banned ? (input.banReason ?? null) || null : null,
    bannedUntil: input.banned ? bannedUntil : null,
  });
}

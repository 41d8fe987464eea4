import type { AdminUserListResponse, RoleRequest } from '@samvad/contracts/admin';
import type { BanStatusRequest } from '@samvad/contracts/auth';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { presentAdminUser } from '../presenters/admin-presenter.ts';
import { type AuditActor, recordAdminAction } from '../repositories/admin-log-repository.ts';
import { countUsers, lockAdmins, searchUsers } from '../repositories/admin-user-repository.ts';
import { findUserById, updateUser } from '../repositories/user-repository.ts';
import { isBanned } from './session-service.ts';

export type AdminCall = { admin: UserRow; actor: AuditActor; now: Date };

/** The Users tab: a page of users matching the search, with their effective limits. */
export async function listUsers(
  db: Database,
  input: { query?: string | undefined; page: number; pageSize: number },
  now: Date,
): Promise<AdminUserListResponse> {
  const query = input.query?.trim() || undefined;
  const page = { limit: input.pageSize, offset: (input.page - 1) * input.pageSize };
  const [rows, total] = await Promise.all([searchUsers(db, query, page), countUsers(db, query)]);
  return {
    users: rows.map((row) => presentAdminUser(row, isBanned(row, now))),
    page: input.page,
    pageSize: input.pageSize,
    total,
  };
}

export async function findUserOrThrow(db: Database, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('not_found', `No user has the id ${userId}`);
  return user;
}

/**
 * Make Admin / Remove Admin. An admin cannot demote themselves, and the last admin cannot be
 * demoted: the admin rows are locked first, so two admins demoting each other at once cannot
 * both succeed.
 */
export function setUserRole(
  db: Database,
  call: AdminCall,
  userId: string,
  input: RoleRequest,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const user = await findUserOrThrow(tx, userId);
    if (user.role === 'admin' && input.role !== 'admin') {
      if (user.id === call.admin.id) {
        throw new AppError('validation_failed', 'You cannot remove your own admin role.');
      }
      const admins = await lockAdmins(tx);
      if (admins.filter((id) => id !== user.id).length === 0) {
        throw new AppError('conflict', 'The last admin cannot be demoted.');
      }
    }
    const updated = await updateUser(tx, user.id, { role: input.role });
    await recordAdminAction(tx, call.actor, {
      action: 'update_role',
      details: { before: { role: user.role }, after: { role: updated.role } },
      target: user,
      at: call.now,
    });
    return updated;
  });
}

export type BanChange = { banned: boolean; reason: string | null; until: Date | null };

/** The user's ban as the audit log records it. */
export function banStateOf(user: UserRow, now: Date) {
  const banned = isBanned(user, now);
  return {
    banned,
    banReason: banned ? user.banReason : null,
    bannedUntil: banned && user.bannedUntil ? user.bannedUntil.toISOString() : null,
  };
}

/**
 * Bans or unbans inside the caller's transaction (the ban-status call, and Restrict User in
 * the Rate Limits tab). An admin cannot ban themselves; an end time must be in the future.
 */
export async function applyBan(
  tx: Database,
  call: AdminCall,
  user: UserRow,
  change: BanChange,
): Promise<UserRow> {
  if (change.banned && user.id === call.admin.id) {
    throw new AppError('validation_failed', 'You cannot ban yourself.');
  }
  if (change.banned && change.until && change.until.getTime() <= call.now.getTime()) {
    throw new AppError('validation_failed', 'bannedUntil must be in the future.');
  }
  return updateUser(tx, user.id, {
    banned: change.banned,
    banReason: change.banned ? change.reason || null : null,
    bannedUntil: change.banned ? change.until : null,
  });
}

/** PATCH …/ban-status: one ban_user or unban_user audit row with the before and after. */
export function setBanStatus(
  db: Database,
  call: AdminCall,
  userId: string,
  input: BanStatusRequest,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const user = await findUserOrThrow(tx, userId);
    const updated = await applyBan(tx, call, user, {
      banned: input.banned,
      reason: input.banReason ?? null,
      until: input.bannedUntil ? new Date(input.bannedUntil) : null,
    });
    await recordAdminAction(tx, call.actor, {
      action: input.banned ? 'ban_user' : 'unban_user',
      details: { before: banStateOf(user, call.now), after: banStateOf(updated, call.now) },
      target: user,
      at: call.now,
    });
    return updated;
  });
}

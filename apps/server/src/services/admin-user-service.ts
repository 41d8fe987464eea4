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
 * The rule that keeps the dashboard reachable: at least one active (unbanned) admin remains.
 * Runs inside the transaction that makes the change, with every admin row locked, so two admins
 * banning or demoting each other at once cannot both succeed. The caller is re-checked under
 * the same lock: an admin banned or demoted a moment ago cannot still act.
 */
export async function keepAnActiveAdmin(
  tx: Database,
  call: AdminCall,
  target: { id: string; losesAdmin: boolean; verb: 'banned' | 'demoted' },
): Promise<void> {
  const admins = await lockAdmins(tx);
  const active = admins.filter((admin) => !isBanned(admin, call.now));
  const targetIsActiveAdmin = active.some((admin) => admin.id === target.id);
  if (target.losesAdmin && targetIsActiveAdmin && active.length === 1) {
    throw new AppError(
      'conflict',
      `The last active admin cannot be ${target.verb}: at least one admin must be able to sign in.`,
    );
  }
  if (!active.some((admin) => admin.id === call.admin.id)) {
    throw new AppError(
      'forbidden',
      'You are no longer an active administrator: your admin role was removed or you were banned.',
    );
  }
}

/**
 * Make Admin / Remove Admin. An admin cannot demote themselves, and the last active admin
 * cannot be demoted (keepAnActiveAdmin, under the admin rows' lock).
 */
export function setUserRole(
  db: Database,
  call: AdminCall,
  userId: string,
  input: RoleRequest,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    if (userId === call.admin.id && input.role !== 'admin') {
      throw new AppError('validation_failed', 'You cannot remove your own admin role.');
    }
    await keepAnActiveAdmin(tx, call, {
      id: userId,
      losesAdmin: input.role !== 'admin',
      verb: 'demoted',
    });
    // Read after the lock, so the audit row's "before" is what this change replaced.
    const user = await findUserOrThrow(tx, userId);
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
 * the Rate Limits tab). An admin cannot ban themselves; an end time must be in the future; the
 * last active admin cannot be banned.
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
  await keepAnActiveAdmin(tx, call, { id: user.id, losesAdmin: change.banned, verb: 'banned' });
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
    // The admin rows first, the target after: its "before" is then what this ban replaced.
    await lockAdmins(tx);
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

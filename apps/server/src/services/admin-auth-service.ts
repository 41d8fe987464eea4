import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type LoginAttempt,
  loginNotChecked,
  loginSucceeded,
  reserveLoginAttempt,
} from '../auth/login-throttle.ts';
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from '../auth/passwords.ts';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError, BannedError } from '../http/app-error.ts';
import { recordAdminAction } from '../repositories/admin-log-repository.ts';
import { deleteOtherSessions } from '../repositories/session-repository.ts';
import {
  countAdmins,
  findUserByUsername,
  insertUserIfUsernameFree,
  updateUser,
} from '../repositories/user-repository.ts';
import type { AdminCall } from './admin-user-service.ts';
import { isBanned } from './session-service.ts';

/**
 * Username + password sign-in. The attempt is reserved (counted as a failure) before the
 * password is hashed, so parallel attempts cannot outrun the throttle (auth/login-throttle.ts);
 * a right password then clears its pair, a refusal by the busy hash gate uncounts it.
 */
export async function verifyAdminLogin(
  db: Database,
  input: { username: string; password: string; ip: string },
  now: Date,
): Promise<UserRow> {
  const attempt = await reserveLoginAttempt(db, input, now);
  const { user, valid } = await checkPassword(db, attempt, input);
  if (!user || !valid) {
    // The reserved row stays as the failure; the audit row says who was tried, and from where.
    await recordAdminAction(
      db,
      {
        adminId: user?.id ?? null,
        adminEmail: user ? (user.email ?? user.username) : input.username,
        ipAddress: input.ip,
      },
      { action: 'login_failed', details: { username: input.username }, at: now },
    );
    throw new AppError('unauthorized', 'Invalid username or password. Please try again.');
  }
  await loginSucceeded(db, attempt);
  if (isBanned(user, now)) throw new BannedError(user);
  return user;
}

/** The slowdown, then one hash: the user's, or a decoy's when there is no such user. */
async function checkPassword(
  db: Database,
  attempt: LoginAttempt,
  input: { username: string; password: string },
): Promise<{ user: UserRow | null; valid: boolean }> {
  try {
    if (attempt.delayMs > 0) await sleep(attempt.delayMs);
    const user = await findUserByUsername(db, input.username);
    const valid = user?.passwordHash
      ? await verifyPassword(input.password, user.passwordHash)
      : await verifyPassword(input.password, await decoyHash()).then(() => false);
    return { user, valid };
  } catch (error) {
    await loginNotChecked(db, attempt);
    throw error;
  }
}

/**
 * The caller's own password; their other sessions end, in the transaction that changes it and
 * writes its audit row (which never holds a password).
 */
export async function changeAdminPassword(
  db: Database,
  call: AdminCall & { sessionTokenHash: string },
  input: { username: string; currentPassword: string; newPassword: string },
): Promise<void> {
  const caller = call.admin;
  if (!caller.username || caller.username.toLowerCase() !== input.username.toLowerCase()) {
    throw new AppError('forbidden', 'You can only change your own password.');
  }
  if (!caller.passwordHash || !(await verifyPassword(input.currentPassword, caller.passwordHash))) {
    throw new AppError('validation_failed', 'The current password is wrong.');
  }
  const problem = passwordProblem(input.newPassword, caller.username);
  if (problem) throw new AppError('validation_failed', problem);
  if (input.newPassword === input.currentPassword) {
    throw new AppError('validation_failed', 'The new password must differ from the current one.');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updateUser(tx, caller.id, { passwordHash });
    await deleteOtherSessions(tx, caller.id, call.sessionTokenHash);
    await recordAdminAction(tx, call.actor, {
      action: 'change_password',
      details: { otherSessionsEnded: true },
      target: caller,
      at: call.now,
    });
  });
}

/**
 * First start: the admin named by ADMIN_USERNAME/ADMIN_PASSWORD, or, with neither set and no
 * admin at all, an `admin` account with a random password that is returned to be logged once.
 * An existing account is never overwritten, so a changed password survives restarts.
 */
export async function bootstrapAdmin(
  db: Database,
  settings: { username: string | null; password: string | null },
): Promise<{ username: string; generatedPassword: string | null } | null> {
  if (settings.username && settings.password) {
    const problem = passwordProblem(settings.password, settings.username);
    if (problem) throw new AppError('validation_failed', `ADMIN_PASSWORD: ${problem}`);
    const created = await insertUserIfUsernameFree(db, {
      id: randomUUID(),
      username: settings.username,
      name: settings.username,
      role: 'admin',
      passwordHash: await hashPassword(settings.password),
    });
    return created ? { username: settings.username, generatedPassword: null } : null;
  }
  if ((await countAdmins(db)) > 0) return null;
  const password = randomBytes(18).toString('base64url');
  const created = await insertUserIfUsernameFree(db, {
    id: randomUUID(),
    username: 'admin',
    name: 'Administrator',
    role: 'admin',
    passwordHash: await hashPassword(password),
  });
  return created ? { username: 'admin', generatedPassword: password } : null;
}

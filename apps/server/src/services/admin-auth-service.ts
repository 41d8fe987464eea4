import { randomBytes, randomUUID } from 'node:crypto';
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from '../auth/passwords.ts';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError, BannedError } from '../http/app-error.ts';
import { recordAdminAction } from '../repositories/admin-log-repository.ts';
import {
  clearLoginFailures,
  recentLoginFailures,
  recordLoginFailure,
} from '../repositories/login-failure-repository.ts';
import { deleteOtherSessions } from '../repositories/session-repository.ts';
import {
  countAdmins,
  findUserByUsername,
  insertUserIfUsernameFree,
  updateUser,
} from '../repositories/user-repository.ts';
import type { AdminCall } from './admin-user-service.ts';
import { isBanned } from './session-service.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 5;

/** Thrown with a Retry-After, in seconds, when too many logins failed. */
export class LoginThrottledError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(
      'rate_limited',
      `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Username + password sign-in. After 5 failures in 15 minutes for the username or the address,
 * further attempts are refused before the password is even checked.
 */
export async function verifyAdminLogin(
  db: Database,
  input: { username: string; password: string; ip: string },
  now: Date,
): Promise<UserRow> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const failures = await recentLoginFailures(db, input.username, input.ip, since);
  const byUser = failures.filter((f) => f.username === input.username.toLowerCase());
  const byIp = failures.filter((f) => f.ip === input.ip);
  for (const list of [byUser, byIp]) {
    if (list.length >= LOGIN_MAX_FAILURES) {
      const unlocksAt =
        (list[list.length - LOGIN_MAX_FAILURES]?.failedAt.getTime() ?? 0) + LOGIN_WINDOW_MS;
      throw new LoginThrottledError(Math.max(1, Math.ceil((unlocksAt - now.getTime()) / 1000)));
    }
  }
  const user = await findUserByUsername(db, input.username);
  const valid = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyPassword(input.password, await decoyHash()).then(() => false);
  if (!user || !valid) {
    await db.transaction(async (tx) => {
      await recordLoginFailure(tx, input.username, input.ip, now);
      await recordAdminAction(
        tx,
        {
          adminId: user?.id ?? null,
          adminEmail: user ? (user.email ?? user.username) : input.username,
          ipAddress: input.ip,
        },
        { action: 'login_failed', details: { username: input.username }, at: now },
      );
    });
    throw new AppError('unauthorized', 'Invalid username or password. Please try again.');
  }
  await clearLoginFailures(db, input.username);
  if (isBanned(user, now)) throw new BannedError(user);
  return user;
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

import { randomBytes, randomUUID } from 'node:crypto';
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from '../auth/passwords.ts';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError, BannedError } from '../http/app-error.ts';
import {
  clearLoginFailures,
  recentLoginFailures,
  recordLoginFailure,
} from '../repositories/login-failure-repository.ts';
import {
  countAdmins,
  findUserByUsername,
  insertUserIfUsernameFree,
  updateUser,
} from '../repositories/user-repository.ts';
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
    await recordLoginFailure(db, input.username, input.ip, now);
    throw new AppError('unauthorized', 'Invalid username or password. Please try again.');
  }
  await clearLoginFailures(db, input.username);
  if (isBanned(user, now)) throw new BannedError(user);
  return user;
}

export async function changeAdminPassword(
  db: Database,
  caller: UserRow,
  input: { username: string; currentPassword: string; newPassword: string },
): Promise<void> {
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
  await updateUser(db, caller.id, { passwordHash: await hashPassword(input.newPassword) });
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

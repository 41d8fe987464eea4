import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import type { SessionRow, UserRow } from '../db/schema.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  findActiveSession,
  insertSession,
  touchSession,
} from '../repositories/session-repository.ts';

export type SessionPolicy = { idleMs: number; absoluteMs: number };

/** Who is calling: a visitor, or a user with the session they presented. */
export type Viewer =
  | { user: null; session: null }
  | { user: UserRow; session: SessionRow; via: 'cookie' | 'bearer' };

export const visitor: Viewer = { user: null, session: null };

/** 256 random bits, base64url: what the cookie and bearer header carry. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Sliding the idle expiry writes at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A new session at every sign-in (the old cookie, if any, is revoked by the caller). */
export async function createSession(
  db: Database,
  userId: string,
  policy: SessionPolicy,
  now: Date,
  userAgent: string | null,
): Promise<{ token: string; session: SessionRow }> {
  const token = randomBytes(32).toString('base64url');
  const absoluteExpiresAt = new Date(now.getTime() + policy.absoluteMs);
  const session = await insertSession(db, {
    tokenHash: hashSessionToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(Math.min(now.getTime() + policy.idleMs, absoluteExpiresAt.getTime())),
    absoluteExpiresAt,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  // Housekeeping rides on sign-ins rather than a timer: cheap, and no process is special.
  await deleteExpiredSessions(db, now);
  return { token, session };
}

/** Resolves a presented token; an unknown, malformed or expired one is a visitor. */
export async function resolveSession(
  db: Database,
  token: string | undefined,
  via: 'cookie' | 'bearer',
  policy: SessionPolicy,
  now: Date,
): Promise<Viewer> {
  if (!token || !TOKEN_PATTERN.test(token)) return visitor;
  const found = await findActiveSession(db, hashSessionToken(token), now);
  if (!found) return visitor;
  const { session, user } = found;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const expiresAt = new Date(
      Math.min(now.getTime() + policy.idleMs, session.absoluteExpiresAt.getTime()),
    );
    await touchSession(db, session.tokenHash, now, expiresAt);
    return { user, session: { ...session, lastSeenAt: now, expiresAt }, via };
  }
  return { user, session, via };
}

export function endSession(db: Database, session: SessionRow): Promise<void> {
  return deleteSession(db, session.tokenHash);
}

/** Banned now? A ban with an end time in the past no longer counts. */
export function isBanned(user: UserRow, now: Date): boolean {
  return user.banned && (user.bannedUntil === null || user.bannedUntil.getTime() > now.getTime());
}

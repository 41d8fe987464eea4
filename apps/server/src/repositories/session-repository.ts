import { and, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { preparedFor } from '../db/prepared.ts';
import { cachedRead } from '../db/read-cache.ts';
import { type SessionRow, sessions, type UserRow, users } from '../db/schema.ts';

export type SessionWithUser = { session: SessionRow; user: UserRow };

export async function insertSession(db: Database, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('insert into sessions returned no row');
  return row;
}

/** The live session for a token hash, with its user; null when unknown or expired. */
const activeSessionStatement = preparedFor((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.absoluteExpiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_active_session'),
);

/** Sessions looked up by token hash: every member request makes this read (read-cache.ts). */
const sessionsByToken = cachedRead<SessionWithUser | null>(['sessions', 'users'], 10_000);

/** The session and its user are shared with other requests: frozen, copy to change. */
export async function findActiveSession(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<Readonly<SessionWithUser> | null> {
  const found = await sessionsByToken(db, tokenHash, async () => {
    const rows = await activeSessionStatement(db).execute({ tokenHash, now });
    return rows[0] ?? null;
  });
  // Held from an earlier request: it may have expired since, which no write records.
  if (!found || found.session.expiresAt <= now || found.session.absoluteExpiresAt <= now) {
    return null;
  }
  return found;
}

export async function touchSession(
  db: Database,
  tokenHash: string,
  lastSeenAt: Date,
  expiresAt: Date,
): Promise<void> {
  await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteUserSession(db: Database, userId: string, publicId: string) {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ publicId: sessions.publicId });
  return deleted.length > 0;
}

/** Every session of a user but one (after a password change). */
export async function deleteOtherSessions(db: Database, userId: string, keepTokenHash: string) {
  const others = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  for (const { tokenHash } of others) {
    if (tokenHash !== keepTokenHash) await deleteSession(db, tokenHash);
  }
}

export function listLiveSessions(db: Database, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

export async function deleteExpiredSessions(db: Database, now: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.absoluteExpiresAt, now)));
}

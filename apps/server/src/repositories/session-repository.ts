import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { type SessionRow, sessions, type UserRow, users } from '../db/schema.ts';

export type SessionWithUser = { session: SessionRow; user: UserRow };

/** The unexpired session for a token hash, with its user; null when there is none. */
export async function findActiveSession(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<SessionWithUser | null> {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

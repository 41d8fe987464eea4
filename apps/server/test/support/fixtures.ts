import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/database.ts';
import { sessions, type UserRow, users } from '../../src/db/schema.ts';
import { hashSessionToken, SESSION_COOKIE } from '../../src/services/session-service.ts';

export async function insertUser(db: Database, values: Partial<UserRow> = {}): Promise<UserRow> {
  const id = values.id ?? randomUUID();
  const [row] = await db
    .insert(users)
    .values({ id, email: `${id}@example.test`, name: 'Test Member', ...values })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A live session for the user; returns the Cookie header a browser would send. */
export async function signIn(db: Database, userId: string, expiresInMs = 3_600_000) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId,
    expiresAt: new Date(Date.now() + expiresInMs),
  });
  return { cookie: `${SESSION_COOKIE}=${token}`, token };
}

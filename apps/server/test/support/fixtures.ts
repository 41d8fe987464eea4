import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { Config } from '../../src/config/env.ts';
import type { Database } from '../../src/db/database.ts';
import { type UserRow, users } from '../../src/db/schema.ts';
import { createSession } from '../../src/services/session-service.ts';

export async function insertUser(db: Database, values: Partial<UserRow> = {}): Promise<UserRow> {
  const id = values.id ?? randomUUID();
  const [row] = await db
    .insert(users)
    .values({ id, email: `${id}@example.test`, name: 'Test Member', ...values })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * A live session for the user, created the way sign-in creates one; returns the Cookie header a
 * browser would send (signed with the session secret) and the raw token for bearer use.
 */
export async function signIn(
  db: Database,
  config: Pick<Config, 'sessions' | 'sessionSecret'>,
  userId: string,
  now = new Date(),
) {
  const { token, session } = await createSession(db, userId, config.sessions, now, 'vitest');
  const signed = fastifyCookie.sign(token, config.sessionSecret);
  return { cookie: `${config.sessions.cookieName}=${encodeURIComponent(signed)}`, token, session };
}

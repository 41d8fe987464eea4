import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { Config } from '../../src/config/env.ts';
import type { Database } from '../../src/db/database.ts';
import { type UserRow, userLimits, users } from '../../src/db/schema.ts';
import { createSession } from '../../src/services/session-service.ts';
import type { TestApp } from './test-app.ts';

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

/**
 * A signed-in member with one new conversation: their cookie, its id, and a reader of its
 * messages as the API returns them.
 */
export async function memberConversation(
  t: TestApp,
  limits?: { maxRequestsPerDay?: number; maxMessagesPerConversation?: number },
) {
  const user = await insertUser(t.database.db);
  if (limits) await t.database.db.insert(userLimits).values({ userId: user.id, ...limits });
  const { cookie } = await signIn(t.database.db, t.config, user.id, t.clock.now());
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: { cookie, origin: t.config.publicUrl },
    payload: {},
  });
  const id: string = created.json().id;
  const messages = async () =>
    (
      await t.app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: { cookie } })
    ).json().messages as { role: string; content: string; sources: { file_name: string }[] }[];
  return { cookie, id, messages, userId: user.id };
}

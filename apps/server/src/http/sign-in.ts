import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { presentSessionUser } from '../presenters/session-presenter.ts';
import { createSession, endSession, isBanned } from '../services/session-service.ts';
import { BannedError } from './app-error.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';

/** Work done in the transaction that creates or ends a session (the admin audit rows). */
export type SessionHook = (tx: Database, now: Date) => Promise<void>;

/**
 * The end of every sign-in: banned users are refused; otherwise any session the browser still
 * presents is revoked and a new one is created (no session fixation), and the cookie is set.
 */
export async function completeSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  { config, database, clock }: AppContext,
  user: UserRow,
  inTransaction?: SessionHook,
) {
  const now = clock();
  if (isBanned(user, now)) throw new BannedError(user);
  const { token } = await database.db.transaction(async (tx) => {
    if (request.viewer.session) await endSession(tx, request.viewer.session);
    const created = await createSession(
      tx,
      user.id,
      config.sessions,
      now,
      request.headers['user-agent'] ?? null,
    );
    await inTransaction?.(tx, now);
    return created;
  });
  setSessionCookie(reply, config, token);
  return { user: presentSessionUser(user, false) };
}

/** Sign-out, for members and admins alike: the session ends on the server, the cookie goes. */
export async function endSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  { config, database, clock }: AppContext,
  inTransaction?: SessionHook,
) {
  const { session } = request.viewer;
  if (session) {
    const now = clock();
    await database.db.transaction(async (tx) => {
      await endSession(tx, session);
      await inTransaction?.(tx, now);
    });
  }
  clearSessionCookie(reply, config);
  return { ok: true as const };
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { presentSessionUser } from '../presenters/session-presenter.ts';
import { createSession, endSession, isBanned } from '../services/session-service.ts';
import { BannedError } from './app-error.ts';
import {
  clearBannedIdentityCookie,
  clearSessionCookie,
  setBannedIdentityCookie,
  setSessionCookie,
} from './session-cookie.ts';

/** Work done in the transaction that creates or ends a session (the admin audit rows). */
export type SessionHook = (tx: Database, now: Date) => Promise<void>;

/**
 * The end of every sign-in: any session the browser still presents is revoked first (no session
 * fixation, and no earlier account left signed in behind this one). A banned user gets no
 * session: the 403 carries their email and reason, and a banned-identity cookie keeps them for
 * the banned screen. Anyone else gets a new session and its cookie.
 */
export async function completeSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  { config, database, clock }: AppContext,
  user: UserRow,
  inTransaction?: SessionHook,
) {
  const now = clock();
  if (isBanned(user, now)) {
    if (request.viewer.session) {
      await endSession(database.db, request.viewer.session);
      clearSessionCookie(reply, config);
    }
    setBannedIdentityCookie(reply, config, user.id);
    throw new BannedError(user);
  }
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
  clearBannedIdentityCookie(request, reply, config);
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
  clearBannedIdentityCookie(request, reply, config);
  return { ok: true as const };
}

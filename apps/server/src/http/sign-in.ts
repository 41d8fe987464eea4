import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { UserRow } from '../db/schema.ts';
import { presentSessionUser } from '../presenters/session-presenter.ts';
import { createSession, endSession, isBanned } from '../services/session-service.ts';
import { BannedError } from './app-error.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';

/**
 * The end of every sign-in: banned users are refused; otherwise any session the browser still
 * presents is revoked and a new one is created (no session fixation), and the cookie is set.
 */
export async function completeSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  { config, database, clock }: AppContext,
  user: UserRow,
) {
  const now = clock();
  if (isBanned(user, now)) throw new BannedError(user);
  if (request.viewer.session) await endSession(database.db, request.viewer.session);
  const { token } = await createSession(
    database.db,
    user.id,
    config.sessions,
    now,
    request.headers['user-agent'] ?? null,
  );
  setSessionCookie(reply, config, token);
  return { user: presentSessionUser(user, false) };
}

/** Sign-out, for members and admins alike: the session ends on the server, the cookie goes. */
export async function endSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  { config, database }: AppContext,
) {
  if (request.viewer.session) await endSession(database.db, request.viewer.session);
  clearSessionCookie(reply, config);
  return { ok: true as const };
}

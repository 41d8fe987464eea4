import type { FastifyRequest } from 'fastify';
import type { SessionRow, UserRow } from '../db/schema.ts';
import { isBanned } from '../services/session-service.ts';
import { AppError, BannedError } from './app-error.ts';

export type SignedIn = { user: UserRow; session: SessionRow };

/** Authorize: a signed-in user who is not banned (401 / 403 banned otherwise). */
export function requireUser(request: FastifyRequest, now: Date): SignedIn {
  const { viewer } = request;
  if (!viewer.user) throw new AppError('unauthorized', 'Sign in to continue.');
  if (isBanned(viewer.user, now)) throw new BannedError(viewer.user);
  return { user: viewer.user, session: viewer.session };
}

/** Authorize: an admin (401 signed out, 403 banned or not an admin). */
export function requireAdmin(request: FastifyRequest, now: Date): SignedIn {
  const signedIn = requireUser(request, now);
  if (signedIn.user.role !== 'admin') {
    throw new AppError('forbidden', 'This needs an administrator account.');
  }
  return signedIn;
}

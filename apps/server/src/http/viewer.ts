import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { UserRow } from '../db/schema.ts';
import { findUserById } from '../repositories/user-repository.ts';
import { isBanned, resolveSession, type Viewer, visitor } from '../services/session-service.ts';
import { metricsTokenCheck } from './metrics-access.ts';
import { readBannedIdentity, readSessionToken } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every /api request before validation: the first step of each route's pipeline. */
    viewer: Viewer;
    /**
     * A caller without a session whose browser carries the signed identity of a banned sign-in
     * (set when a banned member signed in again), while that ban lasts: refused wherever a
     * guest would be served (resolveActor), so signing in again is no way back in as a guest.
     */
    bannedIdentity: UserRow | null;
  }
}

export function registerViewer(
  app: FastifyInstance,
  { config, database, clock }: AppContext,
): void {
  // Replaced on every request by the hook below; a shared default object would leak state.
  app.decorateRequest('viewer', null as never);
  app.decorateRequest('bannedIdentity', null);
  const isMetricsToken = metricsTokenCheck(config.metricsToken);
  app.addHook('onRequest', async (request) => {
    const presented = request.url.startsWith('/api/') ? readSessionToken(request, config) : null;
    // The scrape token is no session: its caller is a visitor (GET /api/metrics checks it).
    const session =
      presented && !(presented.via === 'bearer' && isMetricsToken(presented.token))
        ? presented
        : null;
    request.viewer = session
      ? await resolveSession(database.db, session.token, session.via, config.sessions, clock())
      : visitor;
    // Only browsers that met the ban carry this cookie: one lookup for them, none for anyone else.
    const bannedId =
      !request.viewer.user && request.url.startsWith('/api/') ? readBannedIdentity(request) : null;
    if (bannedId) {
      const user = await findUserById(database.db, bannedId);
      request.bannedIdentity = user && isBanned(user, clock()) ? user : null;
    }
  });
}

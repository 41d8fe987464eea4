import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { resolveSession, type Viewer, visitor } from '../services/session-service.ts';
import { metricsTokenCheck } from './metrics-access.ts';
import { readSessionToken } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every /api request before validation: the first step of each route's pipeline. */
    viewer: Viewer;
  }
}

export function registerViewer(
  app: FastifyInstance,
  { config, database, clock }: AppContext,
): void {
  // Replaced on every request by the hook below; a shared default object would leak state.
  app.decorateRequest('viewer', null as never);
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
  });
}

import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import {
  resolveViewer,
  SESSION_COOKIE,
  type Viewer,
  visitor,
} from '../services/session-service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every /api request before validation: the first step of each route's pipeline. */
    viewer: Viewer;
  }
}

export function registerViewer(app: FastifyInstance, db: Database): void {
  app.decorateRequest('viewer', null as unknown as Viewer);
  app.addHook('onRequest', async (request) => {
    request.viewer = request.url.startsWith('/api/')
      ? await resolveViewer(db, request.cookies[SESSION_COOKIE])
      : visitor;
  });
}

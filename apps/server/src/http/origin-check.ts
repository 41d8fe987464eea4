import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import { AppError } from './app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: a state-changing request that a browser could send with our
 * cookie must come from an allowed origin. Bearer-token requests carry no ambient credential and
 * are exempt; a request with neither Origin nor Sec-Fetch-Site (curl, server-to-server) passes
 * only when it presents no cookie at all. Of Sec-Fetch-Site's values only `same-origin` vouches
 * for a request: `same-site` also covers sibling subdomains (a user-content host, another team's
 * app), which are not us; `none` and `cross-site` fall back to the Origin check.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  const allowed = new Set(config.allowedOrigins);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'same-origin' || (origin && allowed.has(origin))) return;
    if (!origin && !fetchSite && !request.headers.cookie) return;
    throw new AppError(
      'forbidden',
      `Cross-site request refused: origin ${origin ?? '(none)'} is not allowed to change data here.`,
    );
  });
}

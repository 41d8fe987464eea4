import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import { AppError } from './app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The names of this machine's loopback interface, as they appear in a URL's host. */
const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.includes(hostname.toLowerCase());
}

/**
 * Outside production, the loopback names of PUBLIC_URL's origin are one origin: a developer who
 * opens http://127.0.0.1:3000 while PUBLIC_URL says http://localhost:3000 is on the same machine
 * and the same server. Returns the other names' origins (same scheme and port); none when
 * PUBLIC_URL is not on loopback or in production, where origins are exactly as configured.
 */
export function loopbackAliasOrigins(config: Pick<Config, 'nodeEnv' | 'publicUrl'>): string[] {
  if (config.nodeEnv === 'production') return [];
  const url = new URL(config.publicUrl);
  if (!isLoopbackHostname(url.hostname)) return [];
  return LOOPBACK_HOSTNAMES.filter((name) => name !== url.hostname.toLowerCase()).map(
    (name) => `${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`,
  );
}

/**
 * Cross-site request forgery guard: a state-changing request that a browser could send with our
 * cookie must come from an allowed origin. Bearer-token requests carry no ambient credential and
 * are exempt; a request with neither Origin nor Sec-Fetch-Site (curl, server-to-server) passes
 * only when it presents no cookie at all. Of Sec-Fetch-Site's values only `same-origin` vouches
 * for a request: `same-site` also covers sibling subdomains (a user-content host, another team's
 * app), which are not us; `none` and `cross-site` fall back to the Origin check.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  const allowed = new Set([...config.allowedOrigins, ...loopbackAliasOrigins(config)]);
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

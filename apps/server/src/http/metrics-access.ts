import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { requireAdmin } from './guards.ts';

/** Is a presented bearer token the scrape token? Never, when METRICS_TOKEN is not set. */
export type MetricsTokenCheck = (presented: string) => boolean;

/** Compares digests, so the time taken says nothing about the token, not even its length. */
export function metricsTokenCheck(token: string | null): MetricsTokenCheck {
  if (!token) return () => false;
  const expected = digest(token);
  return (presented) => timingSafeEqual(digest(presented), expected);
}

/**
 * Authorize a scrape of GET /api/metrics: `Authorization: Bearer <METRICS_TOKEN>`, or an admin's
 * session (401 signed out or a wrong token, 403 a member or a banned admin).
 */
export function authorizeMetricsScrape(
  request: FastifyRequest,
  isMetricsToken: MetricsTokenCheck,
  now: Date,
): void {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) {
    if (isMetricsToken(authorization.slice('Bearer '.length).trim())) return;
  }
  requireAdmin(request, now);
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';

/** The session token a request presents: `Authorization: Bearer`, else the signed cookie. */
export function readSessionToken(
  request: FastifyRequest,
  config: Config,
): { token: string; via: 'cookie' | 'bearer' } | null {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) {
    return { token: authorization.slice('Bearer '.length).trim(), via: 'bearer' };
  }
  const raw = request.cookies[config.sessions.cookieName];
  if (!raw) return null;
  // A cookie whose signature does not verify was tampered with: it counts as no cookie.
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? { token: unsigned.value, via: 'cookie' } : null;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(config.sessions.cookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.sessions.secureCookie,
    signed: true,
    maxAge: Math.floor(config.sessions.absoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(config.sessions.cookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.sessions.secureCookie,
  });
}

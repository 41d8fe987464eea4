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

/** The attributes every cookie of a signed-in (or banned) identity shares. */
function identityCookie(config: Config) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.sessions.secureCookie,
  };
}

/** Set signed, for as long as a session can live. */
function lastingIdentityCookie(config: Config) {
  return {
    ...identityCookie(config),
    signed: true,
    maxAge: Math.floor(config.sessions.absoluteMs / 1000),
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(config.sessions.cookieName, token, lastingIdentityCookie(config));
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(config.sessions.cookieName, identityCookie(config));
}

/**
 * After a banned account signs in, the browser keeps who it was (a signed user id, no session):
 * the banned screen can then show the account's email and reason (GET /api/auth/session answers
 * 403 with them), while every call stays a visitor's. Cleared by any sign-in or sign-out.
 */
const BANNED_IDENTITY_COOKIE = 'samvad_banned';

export function setBannedIdentityCookie(reply: FastifyReply, config: Config, userId: string): void {
  reply.setCookie(BANNED_IDENTITY_COOKIE, userId, lastingIdentityCookie(config));
}

/** The user id a banned sign-in left in this browser; null when none (or tampered with). */
export function readBannedIdentity(request: FastifyRequest): string | null {
  const raw = request.cookies[BANNED_IDENTITY_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

/** Forgets the banned identity; only sends the header when the browser presented one. */
export function clearBannedIdentityCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
): void {
  if (!request.cookies[BANNED_IDENTITY_COOKIE]) return;
  reply.clearCookie(BANNED_IDENTITY_COOKIE, identityCookie(config));
}

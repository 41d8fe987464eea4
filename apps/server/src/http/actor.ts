import { randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import type { UserRow } from '../db/schema.ts';
import { isBanned } from '../services/session-service.ts';
import { BannedError } from './app-error.ts';

/**
 * Whom usage is counted against: a member, or a guest known by a signed anonymous cookie id
 * together with the network address they call from.
 */
export type Actor =
  | { kind: 'user'; user: UserRow }
  | { kind: 'guest'; guestId: string; ip: string };

export const GUEST_COOKIE = 'samvad_guest';
const GUEST_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** 128 random bits, base64url. */
const GUEST_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * The caller as a limits subject. A banned member is refused here (403 with the ban body), as
 * requireUser does, and so is a browser that a banned member signed in again from (its signed
 * banned-identity cookie, resolved by the viewer hook); anyone else not signed in is a guest, and
 * gets a guest cookie on first use.
 */
export function resolveActor(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  now: Date,
): Actor {
  const { user } = request.viewer;
  if (user) {
    if (isBanned(user, now)) throw new BannedError(user);
    return { kind: 'user', user };
  }
  if (request.bannedIdentity) throw new BannedError(request.bannedIdentity);
  return { kind: 'guest', guestId: guestIdFor(request, reply, config), ip: networkOf(request.ip) };
}

function guestIdFor(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  const raw = request.cookies[GUEST_COOKIE];
  if (raw) {
    // A forged or garbled cookie is no id at all; the IP counter still holds the guest.
    const unsigned = request.unsignCookie(raw);
    if (unsigned.valid && unsigned.value && GUEST_ID_PATTERN.test(unsigned.value)) {
      return unsigned.value;
    }
  }
  const guestId = randomBytes(16).toString('base64url');
  reply.setCookie(GUEST_COOKIE, guestId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.sessions.secureCookie,
    signed: true,
    maxAge: GUEST_COOKIE_MAX_AGE_S,
  });
  return guestId;
}

/**
 * The address a guest is counted by. An IPv6 host usually owns a whole /64 and can pick any
 * address in it, so the /64 prefix is what identifies it; IPv4-mapped IPv6 is plain IPv4.
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]?.split('::') ?? [];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // A trailing dotted IPv4 part ('64:ff9b::1.2.3.4') fills two groups.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const missing = 8 - width(headGroups) - width(tailGroups);
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups]
    : headGroups;
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

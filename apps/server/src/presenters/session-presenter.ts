import type { BannedResponse, SessionSummary, SessionUser } from '@samvad/contracts/auth';
import type { SessionRow, UserRow } from '../db/schema.ts';
import { DEFAULT_BAN_MESSAGE } from '../http/app-error.ts';

export function presentSessionUser(user: UserRow, banned = user.banned): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    image: user.image,
    username: user.username,
    role: user.role,
    banned,
    isBanned: banned,
    banReason: banned ? user.banReason : null,
    bannedUntil: banned && user.bannedUntil ? user.bannedUntil.toISOString() : null,
  };
}

export function presentBanned(user: UserRow): BannedResponse {
  const message = user.banReason ?? DEFAULT_BAN_MESSAGE;
  return {
    error: { code: 'banned', message },
    banned: true,
    message,
    reason: user.banReason,
    user: presentSessionUser(user, true),
  };
}

export function presentSessionSummary(
  session: SessionRow,
  current: SessionRow | null,
): SessionSummary {
  return {
    id: session.publicId,
    current: current?.tokenHash === session.tokenHash,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    expiresAt: new Date(
      Math.min(session.expiresAt.getTime(), session.absoluteExpiresAt.getTime()),
    ).toISOString(),
    userAgent: session.userAgent,
  };
}

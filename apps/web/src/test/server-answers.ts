import type { SessionUser } from '@samvad/contracts/auth';

/** The server's message for a ban given without a reason (DEFAULT_BAN_MESSAGE there). */
export const DEFAULT_BAN_MESSAGE = 'Your account has been banned by an administrator.';

/**
 * The server's 403 for a banned user, from the session call and any call acting for them
 * (presentBanned on the server: the message is the reason, or a default).
 */
export function bannedSession(user: SessionUser, reason: string | null) {
  const message = reason ?? DEFAULT_BAN_MESSAGE;
  return {
    status: 403,
    body: {
      error: { code: 'banned' as const, message },
      banned: true as const,
      message,
      reason,
      user: { ...user, banned: true, isBanned: true, banReason: reason },
    },
  };
}

/** A session user for tests; override what matters. */
export function testUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u1',
    name: 'Asha Devi',
    email: 'asha@example.org',
    image: null,
    username: null,
    role: 'user',
    banned: false,
    isBanned: false,
    banReason: null,
    bannedUntil: null,
    ...overrides,
  };
}

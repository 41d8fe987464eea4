import type { SessionResponse, SessionUser } from '@samvad/contracts/auth';

/** Spec §4 "Auth state". */
export type AuthState =
  | { status: 'loading' }
  | { status: 'unauthenticated' }
  | { status: 'authenticated'; user: SessionUser }
  | { status: 'banned'; user: SessionUser | null; reason: string | null };

/**
 * Banned wins: the user counts as banned when the user object or the response says so, and is
 * then never authenticated. The reason is banReason, else the response message.
 */
export function deriveAuthState(session: SessionResponse | null | undefined): AuthState {
  if (session === undefined) return { status: 'loading' };
  if (session === null) return { status: 'unauthenticated' };
  const { user } = session;
  if (session.banned || user?.banned || user?.isBanned) {
    const reason = user?.banReason ?? session.banReason ?? session.message ?? null;
    return { status: 'banned', user, reason };
  }
  return user ? { status: 'authenticated', user } : { status: 'unauthenticated' };
}

import type { SessionUser } from '@samvad/contracts/auth';
import { describe, expect, it } from 'vitest';
import { deriveAuthState } from './auth-state.ts';

const user: SessionUser = {
  id: 'u1',
  name: 'Asha',
  email: 'asha@example.org',
  image: null,
  role: 'user',
  banned: false,
  isBanned: false,
  banReason: null,
  username: null,
  bannedUntil: null,
};

describe('deriveAuthState', () => {
  it('is loading before the session answers and signed out on a null session', () => {
    expect(deriveAuthState(undefined)).toEqual({ status: 'loading' });
    expect(deriveAuthState(null)).toEqual({ status: 'unauthenticated' });
    expect(deriveAuthState({ user: null, banned: false })).toEqual({ status: 'unauthenticated' });
  });

  it('is authenticated with a user who is not banned', () => {
    expect(deriveAuthState({ user, banned: false })).toEqual({ status: 'authenticated', user });
  });

  it('is banned, never authenticated, when the response or the user says so', () => {
    expect(deriveAuthState({ user, banned: true, message: 'Banned for spam' })).toEqual({
      status: 'banned',
      user,
      reason: 'Banned for spam',
    });
    const flagged = { ...user, isBanned: true, banReason: 'Abuse' };
    expect(deriveAuthState({ user: flagged, banned: false, message: 'ignored' })).toMatchObject({
      status: 'banned',
      reason: 'Abuse',
    });
    expect(deriveAuthState({ user: { ...user, banned: true }, banned: false })).toMatchObject({
      status: 'banned',
      reason: null,
    });
    expect(deriveAuthState({ user: null, banned: true, banReason: 'Spam' })).toMatchObject({
      status: 'banned',
      reason: 'Spam',
    });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { assignLocation } from '../../../shared/lib/browser-location.ts';
import { stubApi, testUser } from '../../../test/render-app.tsx';
import { getSession } from './get-session.ts';

vi.mock('../../../shared/lib/browser-location.ts', () => ({ assignLocation: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(assignLocation).mockReset();
});

describe('getSession', () => {
  it('returns the session answer', async () => {
    const user = testUser();
    stubApi({ '/api/auth/session': { status: 200, body: { user, banned: false } } });
    await expect(getSession()).resolves.toEqual({ user, banned: false });
  });

  it('treats a 401 as a visitor (null)', async () => {
    stubApi({
      '/api/auth/session': {
        status: 401,
        body: { error: { code: 'unauthorized', message: 'Sign in first' } },
      },
    });
    await expect(getSession()).resolves.toBeNull();
  });

  it('turns a 403 banned answer into a banned session with the reason', async () => {
    const user = testUser({ banned: true, isBanned: true, banReason: 'Spamming' });
    stubApi({
      '/api/auth/session': {
        status: 403,
        body: {
          error: { code: 'banned', message: 'Your account is banned' },
          banned: true,
          message: 'Your account is banned',
          reason: 'Spamming',
          user,
        },
      },
    });
    await expect(getSession()).resolves.toEqual({
      user,
      banned: true,
      message: 'Your account is banned',
      banReason: 'Spamming',
    });
    expect(assignLocation).toHaveBeenCalledWith('/banned?reason=Spamming');
  });

  it('rejects on a server or network failure (the app shows Session Error)', async () => {
    stubApi({
      '/api/auth/session': {
        status: 500,
        body: { error: { code: 'internal', message: 'Internal server error' } },
      },
    });
    await expect(getSession()).rejects.toMatchObject({ status: 500 });
    stubApi({ '/api/auth/session': 'network-error' });
    await expect(getSession()).rejects.toBeInstanceOf(TypeError);
  });
});

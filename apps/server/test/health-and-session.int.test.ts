import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, signIn } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it(`is ready on ${testEngine} with every migration applied`, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: { kind: testEngine, reachable: true, migrationsApplied: true },
    });
  });
});

describe('GET /api/auth/session', () => {
  it('answers a visitor with no user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ user: null, banned: false });
  });

  it('treats a forged or malformed cookie as a visitor', async () => {
    for (const token of ['x', 'A'.repeat(43), "'; drop table users; --"]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: `__Host-samvad_session=${encodeURIComponent(token)}` },
      });
      expect(res.json()).toEqual({ user: null, banned: false });
    }
  });

  it('returns the signed-in user for a live session', async () => {
    const user = await insertUser(t.database.db, { name: 'Savitribai', email: 's@example.test' });
    const { cookie } = await signIn(t.database.db, user.id);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(res.json()).toEqual({
      user: {
        id: user.id,
        name: 'Savitribai',
        email: 's@example.test',
        image: null,
        role: 'user',
        banned: false,
        isBanned: false,
        banReason: null,
      },
      banned: false,
    });
  });

  it('ignores an expired session', async () => {
    const user = await insertUser(t.database.db);
    const { cookie } = await signIn(t.database.db, user.id, -1000);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(res.json()).toEqual({ user: null, banned: false });
  });

  it('reports a banned user as banned, with the reason or the default message', async () => {
    const withReason = await insertUser(t.database.db, { banned: true, banReason: 'Spam' });
    const withoutReason = await insertUser(t.database.db, { banned: true });

    const a = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: (await signIn(t.database.db, withReason.id)).cookie },
    });
    expect(a.json()).toMatchObject({ banned: true, banReason: 'Spam', message: 'Spam' });
    expect(a.json().user).toMatchObject({ banned: true, isBanned: true });

    const b = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: (await signIn(t.database.db, withoutReason.id)).cookie },
    });
    expect(b.json()).toMatchObject({
      banned: true,
      banReason: null,
      message: 'Your account has been banned by an administrator.',
    });
  });
});

describe('GET /api/auth/google-client-id', () => {
  it('is null while sign-in is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google-client-id' });
    expect(res.json()).toEqual({ clientId: null });
  });

  it('returns the configured client id', async () => {
    const configured = await createTestApp({ GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/api/auth/google-client-id' });
      expect(res.json()).toEqual({ clientId: 'abc.apps.googleusercontent.com' });
    } finally {
      await configured.close();
    }
  });
});

describe('GET /api/persona', () => {
  it('serves the default persona for Dr. B. R. Ambedkar', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/persona' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ productName: 'Samvad', reformerName: 'Dr. B. R. Ambedkar' });
    expect(res.json().headlineLines.length).toBeGreaterThan(0);
  });
});

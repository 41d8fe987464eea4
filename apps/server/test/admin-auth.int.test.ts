import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem } from '../src/auth/passwords.ts';
import { bootstrapAdmin } from '../src/services/admin-auth-service.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let origin: string;
const MINUTE = 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  origin = t.config.publicUrl;
});
afterAll(() => t.close());

const login = (username: string, password: string, ip = '10.0.0.1', cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress: ip,
    headers: { origin, ...(cookie ? { cookie } : {}) },
    payload: { username, password },
  });
const cookieOf = (res: Awaited<ReturnType<typeof login>>) =>
  String(res.headers['set-cookie']).split(';')[0] ?? '';

describe('first start', () => {
  it('creates an admin with a generated password once, and never again', async () => {
    const first = await bootstrapAdmin(t.database.db, { username: null, password: null });
    expect(first?.username).toBe('admin');
    expect(first?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await bootstrapAdmin(t.database.db, { username: null, password: null })).toBeNull();

    const res = await login('admin', first?.generatedPassword ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'admin', role: 'admin' });
  });

  it('uses ADMIN_USERNAME and ADMIN_PASSWORD, refusing a weak password', async () => {
    await expect(
      bootstrapAdmin(t.database.db, { username: 'ops', password: 'short' }),
    ).rejects.toThrow(/ADMIN_PASSWORD: Password must be at least 12 characters/);
    const created = await bootstrapAdmin(t.database.db, {
      username: 'ops',
      password: 'a sturdy passphrase 42',
    });
    expect(created).toEqual({ username: 'ops', generatedPassword: null });
    expect((await login('OPS', 'a sturdy passphrase 42')).statusCode).toBe(200);
  });
});

describe('admin login', () => {
  it('refuses a wrong password with a message, and rotates the session on sign-in', async () => {
    const wrong = await login('ops', 'not the password at all', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Invalid username or password. Please try again.');

    const first = await login('ops', 'a sturdy passphrase 42', '10.0.0.2');
    const second = await login('ops', 'a sturdy passphrase 42', '10.0.0.2', cookieOf(first));
    expect(cookieOf(second)).not.toBe(cookieOf(first));
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookieOf(first) },
    });
    expect(old.json().user).toBeNull();
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookieOf(second) },
    });
    expect(current.json().user.username).toBe('ops');
  });

  it('throttles after 5 failures in 15 minutes per username and address, then lets go', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login('ops', `wrong password ${attempt}`, '10.0.0.3')).statusCode).toBe(401);
    }
    const sixth = await login('ops', 'a sturdy passphrase 42', '10.0.0.3');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(sixth.json().error.code).toBe('rate_limited');
    // Another address is not locked out by these failures (ADR 024).
    expect((await login('ops', 'a sturdy passphrase 42', '10.0.0.4')).statusCode).toBe(200);

    t.clock.advance(16 * MINUTE);
    expect((await login('ops', 'a sturdy passphrase 42', '10.0.0.3')).statusCode).toBe(200);
  });
});

describe('change password and roles', () => {
  it('checks the current password and the rules, then signs out other sessions', async () => {
    const user = await insertUser(t.database.db, {
      username: 'keeper',
      role: 'admin',
      passwordHash: await hashPassword('the original passphrase'),
    });
    const here = await signIn(t.database.db, t.config, user.id, t.clock.now());
    const elsewhere = await signIn(t.database.db, t.config, user.id, t.clock.now());
    const change = (currentPassword: string, newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/change-password',
        headers: { cookie: here.cookie, origin },
        payload: { username: 'keeper', currentPassword, newPassword },
      });

    const wrongCurrent = await change('not the original', 'a brand new passphrase');
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().error.message).toBe('The current password is wrong.');
    expect((await change('the original passphrase', 'password1234')).json().error.message).toBe(
      'This password is too common; choose another',
    );
    expect((await change('the original passphrase', 'short')).statusCode).toBe(400);

    expect((await change('the original passphrase', 'a brand new passphrase')).statusCode).toBe(
      200,
    );
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: elsewhere.cookie },
    });
    expect(other.json().user).toBeNull();
    expect((await login('keeper', 'a brand new passphrase', '10.0.0.9')).statusCode).toBe(200);
  });

  it('answers 401 signed out and 403 for a member on admin calls', async () => {
    const payload = { username: 'x', currentPassword: 'x', newPassword: 'long enough password' };
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: { origin },
      payload,
    });
    expect(signedOut.statusCode).toBe(401);
    const member = await insertUser(t.database.db);
    const { cookie } = await signIn(t.database.db, t.config, member.id, t.clock.now());
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: { cookie, origin },
      payload,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('forbidden');
  });

  it('refuses common, repeated and username-bearing passwords', () => {
    expect(passwordProblem('correcthorsebatterystaple', null)).toMatch(/too common/);
    expect(passwordProblem('aaaaaaaaaaaaaaaa', null)).toMatch(/too common/);
    expect(passwordProblem('keeper-of-the-keys', 'keeper')).toMatch(/username/);
    expect(passwordProblem('x'.repeat(129), null)).toMatch(/at most 128/);
    expect(passwordProblem('a sturdy passphrase 42', 'ops')).toBeNull();
  });
});

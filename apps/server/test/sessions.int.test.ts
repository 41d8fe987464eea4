import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  origin = t.config.publicUrl;
});
afterAll(() => t.close());

const session = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });

describe('sessions', () => {
  it('stores only a hash of a 256-bit token and returns the user', async () => {
    const user = await insertUser(t.database.db, { name: 'Savitribai', email: 's@example.test' });
    const { cookie, token } = await signIn(t.database.db, t.config, user.id, t.clock.now());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.tokenHash)).not.toContain(token);

    const res = await session(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: user.id,
        name: 'Savitribai',
        email: 's@example.test',
        image: null,
        username: null,
        role: 'user',
        banned: false,
        isBanned: false,
        banReason: null,
        bannedUntil: null,
      },
      banned: false,
    });
  });

  it('refuses a tampered cookie', async () => {
    const user = await insertUser(t.database.db);
    const { cookie } = await signIn(t.database.db, t.config, user.id, t.clock.now());
    const tampered = cookie.replace(
      /.(%2E|\.)/,
      (match) => (match[0] === 'A' ? 'B' : 'A') + match.slice(1),
    );
    expect(tampered).not.toBe(cookie);
    expect((await session(tampered)).json()).toEqual({ user: null, banned: false });
  });

  it('accepts the token as a bearer header, without an Origin check', async () => {
    const user = await insertUser(t.database.db);
    const { token } = await signIn(t.database.db, t.config, user.id, t.clock.now());
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sessions).toHaveLength(1);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example' },
    });
    expect(out.statusCode).toBe(200);
  });

  it('slides the idle expiry while used, and ends at the idle and absolute limits', async () => {
    const user = await insertUser(t.database.db);
    const { cookie } = await signIn(t.database.db, t.config, user.id, t.clock.now());
    t.clock.advance(20 * DAY);
    expect((await session(cookie)).json().user?.id).toBe(user.id);
    t.clock.advance(20 * DAY); // 40 days since sign-in, 20 since last use
    expect((await session(cookie)).json().user?.id).toBe(user.id);
    t.clock.advance(31 * DAY); // idle for longer than 30 days
    expect((await session(cookie)).json()).toEqual({ user: null, banned: false });

    const second = await signIn(t.database.db, t.config, user.id, t.clock.now());
    for (let day = 0; day < 90; day += 25) {
      t.clock.advance(25 * DAY);
      const res = (await session(second.cookie)).json();
      expect(res.user?.id ?? null).toBe(day + 25 < 90 ? user.id : null);
    }
  });

  it('lists and revokes the caller’s own sessions, and signs out on the server', async () => {
    const user = await insertUser(t.database.db);
    const laptop = await signIn(t.database.db, t.config, user.id, t.clock.now());
    const phone = await signIn(t.database.db, t.config, user.id, t.clock.now());
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: { cookie: laptop.cookie },
    });
    const list = listed.json().sessions as { id: string; current: boolean }[];
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);

    const other = list.find((s) => !s.current);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${other?.id}`,
      headers: { cookie: laptop.cookie, origin },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await session(phone.cookie)).json().user).toBeNull();

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { cookie: laptop.cookie, origin },
    });
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toContain(`${t.config.sessions.cookieName}=;`);
    expect((await session(laptop.cookie)).json().user).toBeNull();
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toEqual([]);
  });

  it('refuses a cross-site state-changing request made with the cookie', async () => {
    const user = await insertUser(t.database.db);
    const { cookie } = await signIn(t.database.db, t.config, user.id, t.clock.now());
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.message).toContain('https://evil.example');
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { cookie },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect((await session(cookie)).json().user?.id).toBe(user.id);

    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('bans', () => {
  it('answers a banned user 403 with the reason, on the session and every protected call', async () => {
    const user = await insertUser(t.database.db, { banned: true, banReason: 'Spamming' });
    const { cookie } = await signIn(t.database.db, t.config, user.id, t.clock.now());
    for (const res of [
      await session(cookie),
      await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie } }),
      await t.app.inject({
        method: 'DELETE',
        url: '/api/auth/sessions/x',
        headers: { cookie, origin },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/change-password',
        headers: { cookie, origin },
        payload: { username: 'x', currentPassword: 'x', newPassword: 'long enough password' },
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        banned: true,
        message: 'Spamming',
        reason: 'Spamming',
        error: { code: 'banned', message: 'Spamming' },
      });
    }
  });

  it('uses the default message without a reason, and lifts a ban whose end time has passed', async () => {
    const user = await insertUser(t.database.db, {
      banned: true,
      bannedUntil: new Date(t.clock.now().getTime() + DAY),
    });
    const { cookie } = await signIn(t.database.db, t.config, user.id, t.clock.now());
    const banned = await session(cookie);
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toMatchObject({
      reason: null,
      message: 'Your account has been banned by an administrator.',
    });
    expect(banned.json().user.bannedUntil).toBeTruthy();

    t.clock.advance(2 * DAY);
    const lifted = await session(cookie);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toMatchObject({ banned: false, user: { id: user.id, banned: false } });
  });
});

describe('PATCH /api/admin/users/{id}/ban-status', () => {
  it('lets an admin ban and unban a member, but not themselves, and nobody else at all', async () => {
    const admin = await insertUser(t.database.db, { role: 'admin' });
    const member = await insertUser(t.database.db);
    const adminCookie = (await signIn(t.database.db, t.config, admin.id, t.clock.now())).cookie;
    const memberCookie = (await signIn(t.database.db, t.config, member.id, t.clock.now())).cookie;
    const ban = (id: string, cookie: string, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${id}/ban-status`,
        headers: { cookie, origin },
        payload,
      });

    expect((await ban(admin.id, memberCookie, { banned: true })).statusCode).toBe(403);
    expect((await ban(admin.id, adminCookie, { banned: true })).json().error.message).toBe(
      'You cannot ban yourself.',
    );
    expect((await ban('nobody', adminCookie, { banned: true })).statusCode).toBe(404);

    const banned = await ban(member.id, adminCookie, { banned: true, banReason: 'Spam links' });
    expect(banned.json().user).toMatchObject({ banned: true, banReason: 'Spam links' });
    expect((await session(memberCookie)).json()).toMatchObject({
      banned: true,
      reason: 'Spam links',
    });

    await ban(member.id, adminCookie, { banned: false });
    expect((await session(memberCookie)).json()).toMatchObject({
      banned: false,
      user: { id: member.id },
    });
  });
});

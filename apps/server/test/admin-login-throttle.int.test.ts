import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHashGate } from '../src/auth/hash-gate.ts';
import {
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_PAIR,
  LOGIN_SLOWDOWN_BASE_MS,
} from '../src/auth/login-throttle.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { adminLogs, loginFailures } from '../src/db/schema.ts';
import { insertUser } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
const PASSWORD = 'a sturdy passphrase 42';

beforeAll(async () => {
  t = await createTestApp();
  const passwordHash = await hashPassword(PASSWORD);
  for (const username of ['keeper', 'warden', 'steward']) {
    await insertUser(t.database.db, { username, role: 'admin', passwordHash });
  }
});
afterAll(() => t.close());

const login = (username: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress: ip,
    headers: { origin: t.config.publicUrl },
    payload: { username, password },
  });
type Reply = Awaited<ReturnType<typeof login>>;

const statusesOf = (replies: Reply[]) =>
  replies.reduce<Record<number, number>>((counts, res) => {
    counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    return counts;
  }, {});

const failuresFrom = (ip: string) =>
  t.database.db.select().from(loginFailures).where(eq(loginFailures.ip, ip));

function expectThrottled(res: Reply) {
  expect(res.statusCode).toBe(429);
  expect(res.json().error.code).toBe('rate_limited');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('parallel wrong passwords', () => {
  it('checks at most the limit of 40 parallel attempts from one address; the rest get 429', async () => {
    const ip = '198.51.100.10';
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login('keeper', `wrong password ${i}`, ip)),
    );
    expect(statusesOf(replies)).toEqual({ 401: LOGIN_MAX_FAILURES_PER_PAIR, 429: 35 });
    for (const res of replies.filter((r) => r.statusCode === 429)) expectThrottled(res);
    // Only the checked attempts were counted and audited.
    expect(await failuresFrom(ip)).toHaveLength(LOGIN_MAX_FAILURES_PER_PAIR);
    const audited = await t.database.db
      .select()
      .from(adminLogs)
      .where(eq(adminLogs.action, 'login_failed'));
    expect(audited.filter((row) => row.ipAddress === ip)).toHaveLength(LOGIN_MAX_FAILURES_PER_PAIR);
  });

  it('refuses a burst beyond the hash queue at once, and other requests stay fast', async () => {
    // Distinct addresses and usernames: nothing here is throttled, only the hash gate decides.
    passwordHashGate.resetPeak();
    const started = performance.now();
    const burst = Array.from({ length: 80 }, (_, i) =>
      login(`nobody-${i}`, 'not a password anyone has', `203.0.113.${i + 1}`).then((res) => ({
        res,
        ms: performance.now() - started,
      })),
    );
    // Once hashing is under way, time a file read (libuv's thread pool) and a plain route.
    while (passwordHashGate.stats().running < 2 && performance.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // How many checked (401) answers had come back when each of these was served.
    let checkedSoFar = 0;
    for (const attempt of burst) {
      void attempt.then(({ res }) => {
        if (res.statusCode === 401) checkedSoFar++;
      });
    }
    const servedAfter = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return checkedSoFar;
    };
    const assetAfter = await servedAfter('/assets/app-1a2b3c.js');
    const healthAfter = await servedAfter('/api/health');
    const results = await Promise.all(burst);

    const busy = results.filter(({ res }) => res.statusCode === 429);
    const checked = results.filter(({ res }) => res.statusCode === 401);
    expect(busy.length + checked.length).toBe(80);
    // Two hashing and eight waiting at most when a request arrives; on a slow machine a few
    // more get through as earlier hashes finish, but most of the burst is refused.
    expect(busy.length).toBeGreaterThanOrEqual(40);
    for (const { res } of busy) {
      expectThrottled(res);
      expect(res.json().error.message).toMatch(/being checked right now/);
    }
    expect(passwordHashGate.stats().peakRunning).toBeLessThanOrEqual(2);
    // Refused attempts were never checked, so they count against no one.
    const rows = await t.database.db.select().from(loginFailures);
    expect(rows.filter((row) => row.username.startsWith('nobody-'))).toHaveLength(checked.length);
    // Without the gate, 80 hashes of 128 MB queue on libuv's 4 threads ahead of the file read:
    // it would come back after every checked password. With it, both come back before the last.
    expect(assetAfter).toBeLessThan(checked.length);
    expect(healthAfter).toBeLessThan(checked.length);
    // The refusals themselves are quick: the first comes back before the queue drains.
    expect(Math.min(...busy.map(({ ms }) => ms))).toBeLessThan(
      Math.max(...checked.map(({ ms }) => ms)),
    );
  });
});

describe('no lockout by strangers', () => {
  it('throttles the guessing address, while the admin signs in from another', async () => {
    const attacker = '198.51.100.20';
    for (let i = 1; i <= LOGIN_MAX_FAILURES_PER_PAIR; i++) {
      expect((await login('warden', `guess ${i}`, attacker)).statusCode).toBe(401);
    }
    // The attacker's pair is locked, even with the right password.
    expectThrottled(await login('warden', PASSWORD, attacker));

    // The real admin, elsewhere, gets in: only slowed down, never locked.
    const from = performance.now();
    const admin = await login('WARDEN', PASSWORD, '192.0.2.50');
    expect(admin.statusCode).toBe(200);
    expect(admin.json().user).toMatchObject({ username: 'warden', role: 'admin' });
    expect(performance.now() - from).toBeGreaterThanOrEqual(LOGIN_SLOWDOWN_BASE_MS - 10);
    // Signing in did not clear the attacker's count.
    expectThrottled(await login('warden', PASSWORD, attacker));
  });

  it('limits one address across usernames (password spraying)', async () => {
    const sprayer = '198.51.100.30';
    const room = LOGIN_MAX_FAILURES_PER_ADDRESS - LOGIN_MAX_FAILURES_PER_PAIR;
    for (let i = 1; i <= LOGIN_MAX_FAILURES_PER_PAIR; i++) {
      expect((await login('steward', `guess ${i}`, sprayer)).statusCode).toBe(401);
    }
    expectThrottled(await login('steward', 'another guess', sprayer));
    for (let i = 1; i <= room; i++) {
      expect((await login(`user${i}`, 'a guess', sprayer)).statusCode).toBe(401);
    }
    const refused = await login('someone-else', 'a guess', sprayer);
    expectThrottled(refused);
    expect(refused.json().error.message).toMatch(/from this address/);
    expect(await failuresFrom(sprayer)).toHaveLength(LOGIN_MAX_FAILURES_PER_ADDRESS);
  });

  it('counts an IPv6 attacker by the /64, whichever address in it they pick', async () => {
    for (let i = 1; i <= LOGIN_MAX_FAILURES_PER_PAIR; i++) {
      expect((await login('keeper', `guess ${i}`, `2001:db8:5:6::${i}`)).statusCode).toBe(401);
    }
    expectThrottled(await login('keeper', PASSWORD, '2001:db8:5:6:ffff::1'));
    expect((await login('keeper', PASSWORD, '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('forgets failures once they leave the 15-minute window', async () => {
    const ofSteward = () =>
      t.database.db.select().from(loginFailures).where(eq(loginFailures.username, 'steward'));
    expect((await ofSteward()).length).toBeGreaterThanOrEqual(LOGIN_MAX_FAILURES_PER_PAIR);
    t.clock.advance(16 * 60 * 1000);
    // The sprayer is free again, and the old rows are pruned as the username is tried again.
    expect((await login('steward', 'a late guess', '198.51.100.30')).statusCode).toBe(401);
    expect(await ofSteward()).toHaveLength(1);
  });
});

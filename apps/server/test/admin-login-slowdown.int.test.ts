/**
 * Issue #30 item 8: removing the admin login's slow-down passed every test. Guesses at one
 * username from many addresses meet no per-address limit (ADR 024: no lockout by strangers), so
 * the growing delay is all that defends that name: these tests fail without it.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_SLOWDOWN_FROM,
  reserveLoginAttempt,
  slowdownFor,
} from '../src/auth/login-throttle.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { insertLoginFailure } from '../src/repositories/login-failure-repository.ts';
import { insertUser } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertUser(t.database.db, {
    username: 'sentinel',
    role: 'admin',
    passwordHash: await hashPassword('a sturdy passphrase 42'),
  });
});
afterAll(() => t.close());

/** Failures at `username` from `count` different addresses, one each, just now. */
async function failuresFromManyAddresses(username: string, count: number) {
  for (let i = 0; i < count; i++) {
    await insertLoginFailure(t.database.db, {
      username,
      network: `198.51.${Math.floor(i / 250)}.${i % 250}`,
      at: t.clock.now(),
    });
  }
}

describe('guesses at one admin name from many addresses', () => {
  it('are given a growing delay before the password is checked', async () => {
    const fresh = await reserveLoginAttempt(
      t.database.db,
      { username: 'nobody-yet', ip: '203.0.113.1' },
      t.clock.now(),
    );
    expect(fresh.delayMs).toBe(0);

    await failuresFromManyAddresses('sentinel', 20);
    const next = await reserveLoginAttempt(
      t.database.db,
      { username: 'sentinel', ip: '203.0.113.2' },
      t.clock.now(),
    );
    // 20 failures from 20 addresses: one each, far below any address's limit, yet delayed.
    expect(next.delayMs).toBe(slowdownFor(20));
    expect(next.delayMs).toBeGreaterThan(slowdownFor(LOGIN_SLOWDOWN_FROM));
  });

  it('hold the answer to a guess from a new address for at least that delay', async () => {
    await failuresFromManyAddresses('sentinel', 10);
    const delay = slowdownFor(31);
    expect(delay).toBeGreaterThan(0);
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: '203.0.113.77',
      headers: { origin: t.config.publicUrl },
      payload: { username: 'sentinel', password: 'a wrong guess 1234567' },
    });
    // A lower bound only: a busy machine makes a reply slower, never faster.
    expect(performance.now() - started).toBeGreaterThanOrEqual(delay - 5);
    expect(res.statusCode).toBe(401);
  });
});

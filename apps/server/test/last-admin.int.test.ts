import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema.ts';
import { AppError } from '../src/http/app-error.ts';
import { findUserById, updateUser } from '../src/repositories/user-repository.ts';
import { type AdminCall, setBanStatus, setUserRole } from '../src/services/admin-user-service.ts';
import { type Caller, callAs } from './support/admin-fixtures.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Each test has its own app: "the last admin" needs a database with no other admins.
let lone: TestApp;
beforeEach(async () => {
  lone = await createTestApp();
});
afterEach(() => lone.close());

describe('at least one active admin always remains', () => {
  /** An admin call as the guard built it when the request arrived, before later changes. */
  const callOf = (user: UserRow, now: Date): AdminCall => ({
    admin: user,
    actor: { adminId: user.id, adminEmail: user.email, ipAddress: '203.0.113.7' },
    now,
  });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) =>
        error instanceof AppError
          ? { status: error.statusCode, code: error.code, message: error.message }
          : { status: 500, code: 'internal', message: String(error) },
    );

  it('refuses to demote or ban the last active admin, one request after another', async () => {
    const db = lone.database.db;
    const ada = await insertUser(db, { role: 'admin' });
    const bo = await insertUser(db, { role: 'admin' });
    // Bo's call was authorised while Bo was an admin; Ada demotes Bo first.
    const bosCall = callOf(bo, lone.clock.now());
    await setUserRole(db, callOf(ada, lone.clock.now()), bo.id, { role: 'user' });
    expect(await refusal(setUserRole(db, bosCall, ada.id, { role: 'user' }))).toEqual({
      status: 409,
      code: 'conflict',
      message:
        'The last active admin cannot be demoted: at least one admin must be able to sign in.',
    });
    // Bo is an admin again but banned: a banned admin is no admin for this rule.
    await updateUser(db, bo.id, { role: 'admin', banned: true });
    expect(
      await refusal(setBanStatus(db, bosCall, ada.id, { banned: true, banReason: 'x' })),
    ).toEqual({
      status: 409,
      code: 'conflict',
      message:
        'The last active admin cannot be banned: at least one admin must be able to sign in.',
    });
    expect(await findUserById(db, ada.id)).toMatchObject({ role: 'admin', banned: false });
  });

  it('refuses a change from an admin demoted or banned since the request was authorised', async () => {
    const db = lone.database.db;
    const [ada, bo, cy] = await Promise.all([1, 2, 3].map(() => insertUser(db, { role: 'admin' })));
    if (!ada || !bo || !cy) throw new Error('no admins');
    const bosCall = callOf(bo, lone.clock.now());
    await setBanStatus(db, callOf(ada, lone.clock.now()), bo.id, { banned: true });
    expect(await refusal(setUserRole(db, bosCall, cy.id, { role: 'user' }))).toEqual({
      status: 403,
      code: 'forbidden',
      message:
        'You are no longer an active administrator: your admin role was removed or you were banned.',
    });
  });

  it('lets exactly one of two admins banning each other at once succeed, every time', async () => {
    const db = lone.database.db;
    const admins: Caller[] = [];
    for (const name of ['Ada', 'Bo']) {
      const user = await insertUser(db, { role: 'admin', name });
      admins.push({ user, cookie: (await signIn(db, lone.config, user.id)).cookie });
    }
    const [ada, bo] = admins as [Caller, Caller];
    for (let round = 1; round <= 5; round++) {
      for (const caller of admins) await updateUser(db, caller.user?.id ?? '', { banned: false });
      const ban = (by: Caller, target: Caller) =>
        callAs(lone, by, 'PATCH', `/api/admin/users/${target.user?.id}/ban-status`, {
          banned: true,
          banReason: `round ${round}`,
        });
      const replies = await Promise.all([ban(ada, bo), ban(bo, ada)]);
      const statuses = replies.map((res) => res.statusCode).sort();
      expect(statuses[0], `round ${round}`).toBe(200);
      // The loser either reached the rule (409, last active admin) or was already banned
      // when its request was authorised (403 with the ban body).
      const loser = replies.find((res) => res.statusCode !== 200);
      expect([403, 409]).toContain(loser?.statusCode);
      expect(loser?.json().error.message).toMatch(/last active admin|round \d/);
      const rows = await Promise.all(admins.map((c) => findUserById(db, c.user?.id ?? '')));
      expect(rows.filter((row) => row && !row.banned)).toHaveLength(1);
      // …and that admin can still use the dashboard.
      const survivor = admins.find((c) =>
        rows.some((row) => row?.id === c.user?.id && !row?.banned),
      );
      if (!survivor) throw new Error('no admin survived');
      expect((await callAs(lone, survivor, 'GET', '/api/admin/users')).statusCode).toBe(200);
    }
  });
});

import type { AdminLog } from '@samvad/contracts/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import { csvCell } from '../src/services/admin-log-service.ts';
import { adminTestCallers, auditRowsOf, type Caller, callAs } from './support/admin-fixtures.ts';
import { insertUser } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let admin: Caller;
let member: Caller;
let visitor: Caller;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, member, visitor } = await adminTestCallers(t));
});
afterAll(() => t.close());

const adminId = () => admin.user?.id ?? '';
const auditCount = async () => (await auditRowsOf(t.database.db, adminId())).length;
const newAudit = async (since: number) =>
  (await auditRowsOf(t.database.db, adminId())).slice(since);
const limits = { maxRequestsPerDay: 3, maxMessagesPerConversation: 10, maxConversations: 2 };

describe('who may call the Rate Limits and Logs endpoints', () => {
  it.each([
    ['GET', '/api/admin/rate-limits/global', undefined],
    ['PATCH', '/api/admin/rate-limits/global', { maxRequestsPerDay: 100 }],
    ['GET', '/api/admin/rate-limits/users', undefined],
    ['POST', '/api/admin/rate-limits/users/someone', limits],
    ['DELETE', '/api/admin/rate-limits/users/someone', undefined],
    ['GET', '/api/admin/logs', undefined],
    ['GET', '/api/admin/logs.csv', undefined],
  ] as const)('%s %s: member 403, visitor 401', async (method, url, payload) => {
    expect((await callAs(t, member, method, url, payload)).statusCode).toBe(403);
    expect((await callAs(t, visitor, method, url, payload)).statusCode).toBe(401);
  });
});

describe('global limits', () => {
  it('reads and changes them, auditing before and after', async () => {
    const before = (await callAs(t, admin, 'GET', '/api/admin/rate-limits/global')).json();
    expect(before).toEqual({
      maxRequestsPerDay: 100,
      maxMessagesPerConversation: 100,
      maxConversations: -1,
    });
    const since = await auditCount();
    const res = await callAs(t, admin, 'PATCH', '/api/admin/rate-limits/global', {
      maxRequestsPerDay: 40,
      maxConversations: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...before, maxRequestsPerDay: 40, maxConversations: 0 });
    const [row, ...rest] = await newAudit(since);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      action: 'update_global_limits',
      details: { before, after: res.json() },
      targetUserId: null,
    });
    await callAs(t, admin, 'PATCH', '/api/admin/rate-limits/global', before);
  });

  it.each([
    [{ maxRequestsPerDay: -2 }, /-1 \(unlimited\) or 0 or more/],
    [{ maxRequestsPerDay: 1.5 }, /whole number/],
    [{ maxMessagesPerConversation: '10' }, /number/],
    [{ maxConversations: 2 ** 31 }, /at most/],
    [{}, /at least one limit/],
  ])('refuses %j with 400 naming the problem, changing nothing', async (body, message) => {
    const since = await auditCount();
    const res = await callAs(t, admin, 'PATCH', '/api/admin/rate-limits/global', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(message);
    expect(await newAudit(since)).toEqual([]);
  });
});

describe('per-user limits', () => {
  it('sets limits by email, lists them with usage, and the member is held to them', async () => {
    const target = await insertUser(t.database.db, { email: `Limited-${Date.now()}@Example.test` });
    const since = await auditCount();
    const res = await callAs(
      t,
      admin,
      'POST',
      `/api/admin/rate-limits/users/${target.email?.toLowerCase()}`,
      { ...limits, maxRequestsPerDay: 0 },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().limit).toMatchObject({
      userId: target.id,
      maxRequestsPerDay: 0,
      isRestricted: false,
      requestsUsedDay: 0,
      currentUsage: { requestsToday: 0 },
    });
    const listed = (await callAs(t, admin, 'GET', '/api/admin/rate-limits/users')).json().limits;
    expect(listed.find((row: { userId: string }) => row.userId === target.id)).toMatchObject({
      maxRequestsPerDay: 0,
      maxConversations: 2,
    });
    const user = (await callAs(t, admin, 'GET', `/api/admin/users?query=${target.email}`)).json()
      .users[0];
    expect(user.rateLimits).toEqual({ ...limits, maxRequestsPerDay: 0, custom: true });

    const [row] = await newAudit(since);
    expect(row).toMatchObject({
      action: 'update_user_limits',
      targetUserId: target.id,
      details: {
        before: { limits: null, banned: false },
        after: { limits: { ...limits, maxRequestsPerDay: 0 }, banned: false },
      },
    });

    // Reset to Global: the override goes, one audit row; a second reset finds nothing.
    const reset = await callAs(t, admin, 'DELETE', `/api/admin/rate-limits/users/${target.id}`);
    expect(reset.statusCode).toBe(200);
    const again = await callAs(t, admin, 'DELETE', `/api/admin/rate-limits/users/${target.id}`);
    expect(again.statusCode).toBe(404);
    expect((await newAudit(since)).map((r) => r.action)).toEqual([
      'update_user_limits',
      'reset_user_limits',
    ]);
  });

  it('a member at their new request limit gets 429 from the chat', async () => {
    const res = await callAs(t, admin, 'POST', `/api/admin/rate-limits/users/${member.user?.id}`, {
      ...limits,
      maxRequestsPerDay: 1,
    });
    expect(res.statusCode).toBe(200);
    const ask = () =>
      callAs(t, member, 'POST', '/api/chat', { question: 'What is caste?', chat_history: [] });
    expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ type: 'request', used: 1, limit: 1 });
    await callAs(t, admin, 'DELETE', `/api/admin/rate-limits/users/${member.user?.id}`);
    expect((await ask()).statusCode).toBe(200);
  });

  it('Restrict User bans until bannedUntil; saving unrestricted lifts it', async () => {
    const target = await insertUser(t.database.db);
    const until = new Date(t.clock.now().getTime() + 60 * 60 * 1000).toISOString();
    const res = await callAs(t, admin, 'POST', `/api/admin/rate-limits/users/${target.id}`, {
      ...limits,
      isRestricted: true,
      banReason: 'Cooling off',
      bannedUntil: until,
    });
    expect(res.json().limit).toMatchObject({
      isRestricted: true,
      banReason: 'Cooling off',
      bannedUntil: until,
    });
    const shown = (await callAs(t, admin, 'GET', `/api/admin/users?query=${target.email}`)).json();
    expect(shown.users[0]).toMatchObject({ banned: true, banReason: 'Cooling off' });

    t.clock.advance(61 * 60 * 1000);
    const later = (await callAs(t, admin, 'GET', `/api/admin/users?query=${target.email}`)).json();
    expect(later.users[0].banned).toBe(false);
    t.clock.advance(-61 * 60 * 1000);

    const lifted = await callAs(t, admin, 'POST', `/api/admin/rate-limits/users/${target.id}`, {
      ...limits,
      isRestricted: false,
    });
    expect(lifted.json().limit).toMatchObject({ isRestricted: false, banReason: null });
  });

  it('refuses restricting yourself, a past end time, an unknown user and bad numbers', async () => {
    const since = await auditCount();
    const cases = [
      [`/api/admin/rate-limits/users/${adminId()}`, { ...limits, isRestricted: true }, 400],
      [
        `/api/admin/rate-limits/users/${member.user?.id}`,
        { ...limits, isRestricted: true, bannedUntil: '2001-01-01T00:00:00Z' },
        400,
      ],
      ['/api/admin/rate-limits/users/nobody@example.test', limits, 404],
      [`/api/admin/rate-limits/users/${member.user?.id}`, { ...limits, maxConversations: -5 }, 400],
      [`/api/admin/rate-limits/users/${member.user?.id}`, { maxRequestsPerDay: 1 }, 400],
    ] as const;
    for (const [url, body, status] of cases) {
      const res = await callAs(t, admin, 'POST', url, body);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().error.message.length).toBeGreaterThan(0);
    }
    expect(await newAudit(since)).toEqual([]);
  });
});

describe('admin sign-in, sign-out and password change are audited', () => {
  it('writes login, login_failed, change_password and logout rows with the forwarded IP', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const password = 'an old passphrase 77';
      const ops = await insertUser(proxied.database.db, {
        role: 'admin',
        username: 'ops',
        email: null,
        passwordHash: await hashPassword(password),
      });
      const post = (url: string, payload?: object, cookie?: string) =>
        proxied.app.inject({
          method: 'POST',
          url,
          remoteAddress: '10.0.0.1',
          headers: {
            origin: proxied.config.publicUrl,
            'x-forwarded-for': '198.51.100.23',
            ...(cookie ? { cookie } : {}),
          },
          ...(payload ? { payload } : {}),
        });
      expect(
        (await post('/api/admin/login', { username: 'ops', password: 'wrong!' })).statusCode,
      ).toBe(401);
      expect(
        (await post('/api/admin/login', { username: 'ghost', password: 'x' })).statusCode,
      ).toBe(401);
      const login = await post('/api/admin/login', { username: 'ops', password });
      const cookie = String(login.headers['set-cookie']).split(';')[0];
      const changed = await post(
        '/api/admin/change-password',
        { username: 'ops', currentPassword: password, newPassword: 'a brand new passphrase 88' },
        cookie,
      );
      expect(changed.statusCode).toBe(200);
      expect((await post('/api/admin/logout', undefined, cookie)).statusCode).toBe(200);

      const logs = await proxied.app.inject({
        method: 'GET',
        url: '/api/admin/logs?pageSize=10',
        headers: { cookie: (await adminTestCallers(proxied)).admin.cookie ?? '' },
      });
      const rows = (logs.json().logs as { action: string; adminId: string | null }[]).reverse();
      expect(rows.map((row) => [row.action, row.adminId])).toEqual([
        ['login_failed', ops.id],
        ['login_failed', null],
        ['login', ops.id],
        ['change_password', ops.id],
        ['logout', ops.id],
      ]);
      expect(
        logs.json().logs.every((row: { ipAddress: string }) => row.ipAddress === '198.51.100.23'),
      ).toBe(true);
      expect(JSON.stringify(logs.json())).not.toContain(password);
      const unknownName = (logs.json().logs as AdminLog[]).find(
        (row) => row.action === 'login_failed' && row.adminId === null,
      );
      // A name is never passed off as an email: the admin column labels it as a username.
      expect(unknownName).toMatchObject({ adminEmail: null, adminUsername: 'ghost' });
      const opsRows = (logs.json().logs as AdminLog[]).filter((row) => row.adminId === ops.id);
      expect(opsRows.length).toBe(4);
      for (const row of opsRows) {
        expect(row).toMatchObject({ adminEmail: null, adminUsername: 'ops' });
      }
    } finally {
      await proxied.close();
    }
  });
});

describe('the audit log', () => {
  it('filters by action, admin and target, and pages', async () => {
    const target = await insertUser(t.database.db);
    for (const role of ['admin', 'user', 'admin'] as const) {
      await callAs(t, admin, 'PATCH', `/api/admin/users/${target.id}/role`, { role });
    }
    const base = `/api/admin/logs?action=update_role&adminId=${adminId()}&targetUserId=${target.id}`;
    const all = (await callAs(t, admin, 'GET', base)).json();
    expect(all.total).toBe(3);
    expect(
      all.logs.map((l: { details: { after: { role: string } } }) => l.details.after.role),
    ).toEqual(['admin', 'user', 'admin']);
    const page = (await callAs(t, admin, 'GET', `${base}&page=2&pageSize=2`)).json();
    expect(page.logs).toHaveLength(1);
    expect((await callAs(t, admin, 'GET', '/api/admin/logs?action=drop_table')).statusCode).toBe(
      400,
    );
  });

  it('exports CSV that parses back to the same rows', async () => {
    const res = await callAs(t, admin, 'GET', `/api/admin/logs.csv?adminId=${adminId()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="admin-logs-/);
    const records = parseCsv(res.body);
    const [header, ...rows] = records;
    expect(header).toEqual([
      'id',
      'timestamp',
      'adminId',
      'adminEmail',
      'adminUsername',
      'action',
      'targetUserId',
      'targetUserEmail',
      'ipAddress',
      'details',
    ]);
    const api = (
      await callAs(t, admin, 'GET', `/api/admin/logs?adminId=${adminId()}&pageSize=100`)
    ).json();
    expect(rows).toHaveLength(api.total);
    const byId = new Map(api.logs.map((log: { id: number }) => [String(log.id), log]));
    for (const row of rows) {
      const log = byId.get(row[0] ?? '') as { action: string; details: object } | undefined;
      expect(log?.action).toBe(row[5]);
      expect(JSON.parse(row[9] ?? '')).toEqual(log?.details);
    }
  });

  it('quotes cells and defuses spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
  });

  it('cannot be edited: the database refuses UPDATE and DELETE on it', async () => {
    await expect(
      t.database.db.execute(sql`update admin_logs set action = 'login'`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from admin_logs`)).rejects.toThrow();
    expect(await auditCount()).toBeGreaterThan(0);
    for (const method of ['PATCH', 'DELETE', 'PUT'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/admin/logs',
        headers: { cookie: admin.cookie ?? '', origin: t.config.publicUrl },
      });
      expect(res.statusCode, method).toBeGreaterThanOrEqual(404);
      expect(res.statusCode, method).toBeLessThan(500);
    }
  });
});

/** RFC 4180: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  return records;
}

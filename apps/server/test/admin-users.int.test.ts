import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestCallers, auditRowsOf, type Caller, callAs } from './support/admin-fixtures.ts';
import { insertUser, memberConversation, signIn } from './support/fixtures.ts';
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
const newAudit = async (since: number) =>
  (await auditRowsOf(t.database.db, adminId())).slice(since);
const auditCount = async () => (await auditRowsOf(t.database.db, adminId())).length;

describe('who may call the Users, Conversations and Metrics endpoints', () => {
  const reads = [
    '/api/admin/users',
    '/api/admin/users?query=mira',
    '/api/admin/conversations',
    '/api/admin/user-metrics',
    '/api/admin/usage/daily',
  ];
  it.each(reads)('GET %s: admin 200, member 403, visitor 401', async (url) => {
    expect((await callAs(t, admin, 'GET', url)).statusCode).toBe(200);
    expect((await callAs(t, member, 'GET', url)).statusCode).toBe(403);
    expect((await callAs(t, visitor, 'GET', url)).statusCode).toBe(401);
  });

  it('PATCH role and ban-status: member 403, visitor 401, and nothing changes', async () => {
    const target = await insertUser(t.database.db);
    for (const [caller, status] of [
      [member, 403],
      [visitor, 401],
    ] as const) {
      const role = await callAs(t, caller, 'PATCH', `/api/admin/users/${target.id}/role`, {
        role: 'admin',
      });
      expect(role.statusCode).toBe(status);
      const ban = await callAs(t, caller, 'PATCH', `/api/admin/users/${target.id}/ban-status`, {
        banned: true,
        banReason: 'spam',
      });
      expect(ban.statusCode).toBe(status);
    }
    const listed = await callAs(t, admin, 'GET', `/api/admin/users?query=${target.email}`);
    expect(listed.json().users[0]).toMatchObject({ id: target.id, role: 'user', banned: false });
  });
});

describe('GET /api/admin/users', () => {
  it('searches name, email and username, trimmed and case-insensitive, and pages', async () => {
    const tag = `zq${Date.now()}`;
    const named = await insertUser(t.database.db, { name: `Savitri ${tag.toUpperCase()}` });
    const mailed = await insertUser(t.database.db, { email: `${tag}.phule@example.test` });
    const handled = await insertUser(t.database.db, { username: `${tag}_ops`, email: null });

    const found = await callAs(t, admin, 'GET', `/api/admin/users?query=${`  ${tag} `}`);
    expect(found.statusCode).toBe(200);
    const body = found.json();
    expect(body.total).toBe(3);
    expect(body.users.map((u: { id: string }) => u.id).sort()).toEqual(
      [named.id, mailed.id, handled.id].sort(),
    );
    expect(body.users[0].rateLimits).toEqual({
      maxRequestsPerDay: 100,
      maxMessagesPerConversation: 100,
      maxConversations: -1,
      custom: false,
    });

    const second = await callAs(t, admin, 'GET', `/api/admin/users?query=${tag}&page=2&pageSize=2`);
    expect(second.json()).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(second.json().users).toHaveLength(1);

    // A % typed by the admin is a percent sign, not a wildcard.
    expect((await callAs(t, admin, 'GET', '/api/admin/users?query=%25%25')).json().total).toBe(0);
  });

  it('refuses a bad page number with 400', async () => {
    const res = await callAs(t, admin, 'GET', '/api/admin/users?page=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/page/);
  });
});

describe('PATCH /api/admin/users/{id}/role', () => {
  it('makes a user admin and back, one audit row each with before and after and the IP', async () => {
    const target = await insertUser(t.database.db);
    const since = await auditCount();
    const made = await callAs(t, admin, 'PATCH', `/api/admin/users/${target.id}/role`, {
      role: 'admin',
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().user).toMatchObject({ id: target.id, role: 'admin' });
    const back = await callAs(t, admin, 'PATCH', `/api/admin/users/${target.id}/role`, {
      role: 'user',
    });
    expect(back.json().user.role).toBe('user');

    const rows = await newAudit(since);
    expect(rows.map((row) => [row.action, row.details, row.targetUserId, row.ipAddress])).toEqual([
      [
        'update_role',
        { before: { role: 'user' }, after: { role: 'admin' } },
        target.id,
        '203.0.113.7',
      ],
      [
        'update_role',
        { before: { role: 'admin' }, after: { role: 'user' } },
        target.id,
        '203.0.113.7',
      ],
    ]);
    expect(rows[0]?.adminEmail).toBe(admin.user?.email);
    expect(rows[0]?.targetUserEmail).toBe(target.email);
  });

  it('refuses removing your own admin role, and an unknown role or user', async () => {
    const since = await auditCount();
    const self = await callAs(t, admin, 'PATCH', `/api/admin/users/${adminId()}/role`, {
      role: 'user',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('You cannot remove your own admin role.');
    const bad = await callAs(t, admin, 'PATCH', `/api/admin/users/${adminId()}/role`, {
      role: 'owner',
    });
    expect(bad.statusCode).toBe(400);
    const missing = await callAs(t, admin, 'PATCH', '/api/admin/users/nobody/role', {
      role: 'user',
    });
    expect(missing.statusCode).toBe(404);
    expect(await newAudit(since)).toEqual([]);
  });

  it('never demotes the last admin, even when two admins demote each other at once', async () => {
    const lone = await createTestApp();
    try {
      const callers = await adminTestCallers(lone);
      const other = await insertUser(lone.database.db, { role: 'admin' });
      const otherCaller: Caller = {
        user: other,
        cookie: (await signIn(lone.database.db, lone.config, other.id)).cookie,
      };
      const [first, second] = await Promise.all([
        callAs(lone, callers.admin, 'PATCH', `/api/admin/users/${other.id}/role`, { role: 'user' }),
        callAs(lone, otherCaller, 'PATCH', `/api/admin/users/${callers.admin.user?.id}/role`, {
          role: 'user',
        }),
      ]);
      const statuses = [first.statusCode, second.statusCode].sort();
      // One demotion wins; the other admin is then either the last admin (409) or no longer
      // an admin at all (403).
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = (
        await callAs(
          lone,
          first.statusCode === 200 ? callers.admin : otherCaller,
          'GET',
          '/api/admin/users',
        )
      )
        .json()
        .users.filter((u: { role: string }) => u.role === 'admin');
      expect(admins).toHaveLength(1);
    } finally {
      await lone.close();
    }
  });
});

describe('PATCH /api/admin/users/{id}/ban-status', () => {
  it('bans with a reason and unbans, auditing both; the member is refused while banned', async () => {
    const since = await auditCount();
    const banned = await callAs(
      t,
      admin,
      'PATCH',
      `/api/admin/users/${member.user?.id}/ban-status`,
      {
        banned: true,
        banReason: 'Posting spam',
      },
    );
    expect(banned.statusCode).toBe(200);
    expect(banned.json().user).toMatchObject({ banned: true, banReason: 'Posting spam' });
    const session = await callAs(t, member, 'GET', '/api/conversations');
    expect(session.statusCode).toBe(403);
    expect(session.json().reason).toBe('Posting spam');

    const unbanned = await callAs(
      t,
      admin,
      'PATCH',
      `/api/admin/users/${member.user?.id}/ban-status`,
      { banned: false },
    );
    expect(unbanned.json().user).toMatchObject({ banned: false, banReason: null });
    expect((await callAs(t, member, 'GET', '/api/conversations')).statusCode).toBe(200);

    const rows = await newAudit(since);
    expect(rows.map((row) => [row.action, row.details])).toEqual([
      [
        'ban_user',
        {
          before: { banned: false, banReason: null, bannedUntil: null },
          after: { banned: true, banReason: 'Posting spam', bannedUntil: null },
        },
      ],
      [
        'unban_user',
        {
          before: { banned: true, banReason: 'Posting spam', bannedUntil: null },
          after: { banned: false, banReason: null, bannedUntil: null },
        },
      ],
    ]);
  });

  it('refuses banning yourself, with no audit row', async () => {
    const since = await auditCount();
    const res = await callAs(t, admin, 'PATCH', `/api/admin/users/${adminId()}/ban-status`, {
      banned: true,
      banReason: 'oops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('You cannot ban yourself.');
    expect(await newAudit(since)).toEqual([]);
  });
});

describe('conversations and metrics', () => {
  it('lists every conversation, deleted ones too, filtered by user; admins read the messages', async () => {
    const owner = await memberConversation(t);
    const kept = owner.id;
    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie: owner.cookie, origin: t.config.publicUrl },
      payload: { title: 'To be deleted' },
    });
    const goneId: string = gone.json().id;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${goneId}`,
      headers: { cookie: owner.cookie, origin: t.config.publicUrl },
    });
    const ownerId = (
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: owner.cookie },
      })
    ).json().user.id as string;

    const list = await callAs(t, admin, 'GET', `/api/admin/conversations?userId=${ownerId}`);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.total).toBe(2);
    const byId = new Map(body.conversations.map((c: { id: string }) => [c.id, c]));
    expect(byId.get(kept)).toMatchObject({ userId: ownerId, deletedAt: null, messageCount: 0 });
    expect(byId.get(goneId)).toMatchObject({ title: 'To be deleted' });
    expect((byId.get(goneId) as { deletedAt: string | null }).deletedAt).not.toBeNull();

    // The owner no longer sees the deleted one; an admin still reads it.
    const ownerRead = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${goneId}`,
      headers: { cookie: owner.cookie },
    });
    expect(ownerRead.statusCode).toBe(404);
    const adminRead = await callAs(t, admin, 'GET', `/api/conversations/${goneId}`);
    expect(adminRead.statusCode).toBe(200);
    expect(adminRead.json().title).toBe('To be deleted');
  });

  it('reports both spellings of the metrics fields and requests per day', async () => {
    const res = await callAs(t, admin, 'GET', `/api/admin/user-metrics?userId=${member.user?.id}`);
    expect(res.statusCode).toBe(200);
    const [metrics] = res.json().metrics;
    expect(metrics.userId).toBe(member.user?.id);
    expect(metrics.totalConversations).toBe(metrics.totalConversationsCreated);
    expect(metrics.totalMessages).toBe(metrics.totalMessagesCreated);
    expect(metrics).toHaveProperty('lastMetricsResetDate');

    const daily = await callAs(t, admin, 'GET', '/api/admin/usage/daily');
    const days = daily.json().days as { date: string }[];
    expect(days).toHaveLength(30);
    expect(days.map((day) => day.date)).toEqual([...days.map((day) => day.date)].sort());
  });
});

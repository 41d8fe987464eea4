import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../src/repositories/user-repository.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The member calls the embedded database answers from memory between requests (ADR 028): every
 * change, by any route, shows in the very next request; on PostgreSQL nothing is kept.
 */
let t: TestApp;
let origin: string;
let owner: { id: string; cookie: string };
let admin: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  origin = t.config.publicUrl;
  const user = await insertUser(t.database.db);
  owner = {
    id: user.id,
    cookie: (await signIn(t.database.db, t.config, user.id, t.clock.now())).cookie,
  };
  const adminUser = await insertUser(t.database.db, { role: 'admin' });
  admin = { cookie: (await signIn(t.database.db, t.config, adminUser.id, t.clock.now())).cookie };
});
afterAll(() => t.close());

const call = (
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { origin, cookie }, ...(payload ? { payload } : {}) });

type Summary = { id: string; title: string; isShared: boolean };
const sidebar = async () => {
  const res = await call(owner.cookie, 'GET', '/api/conversations');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = res.json() as { active: Summary[]; archived: Summary[] };
  return {
    active: body.active.map((c) => `${c.title}${c.isShared ? ' (shared)' : ''}`),
    archived: body.archived.map((c) => c.title),
  };
};

describe('member reads kept between requests', () => {
  it('the conversation list shows every change at once', async () => {
    expect(await sidebar()).toEqual({ active: [], archived: [] });
    const created = await call(owner.cookie, 'POST', '/api/conversations', { title: 'First' });
    expect(created.statusCode).toBe(201);
    const first = created.json() as { id: string };
    expect(await sidebar()).toEqual({ active: ['First'], archived: [] });
    await sidebar();
    t.clock.advance(1000);
    await call(owner.cookie, 'POST', '/api/conversations', { title: 'Second' });
    expect((await sidebar()).active).toEqual(['Second', 'First']);
    await call(owner.cookie, 'PATCH', `/api/conversations/${first.id}`, { title: 'Renamed' });
    // A rename is a change: newest first.
    expect((await sidebar()).active).toEqual(['Renamed', 'Second']);
    expect(
      (await call(owner.cookie, 'POST', `/api/conversations/${first.id}/share`)).statusCode,
    ).toBe(200);
    expect((await sidebar()).active).toEqual(['Renamed (shared)', 'Second']);
    await call(owner.cookie, 'DELETE', `/api/conversations/${first.id}/share`);
    await call(owner.cookie, 'PATCH', `/api/conversations/${first.id}`, { archived: true });
    expect(await sidebar()).toEqual({ active: ['Second'], archived: ['Renamed'] });
    await call(owner.cookie, 'DELETE', `/api/conversations/${first.id}`);
    expect(await sidebar()).toEqual({ active: ['Second'], archived: [] });
  });

  it('a write to the users table alone (a role or a ban set directly) shows on the next request', async () => {
    const member = await insertUser(t.database.db);
    const { cookie } = await signIn(t.database.db, t.config, member.id, t.clock.now());
    const session = () => call(cookie, 'GET', '/api/auth/session');
    expect((await session()).json().user.role).toBe('user');
    // Twice: the session and its user are now held by the read cache.
    expect((await session()).json().user.role).toBe('user');
    await updateUser(t.database.db, member.id, { role: 'admin' });
    expect((await session()).json().user.role).toBe('admin');
    await updateUser(t.database.db, member.id, { banned: true, banReason: 'spam' });
    expect((await session()).statusCode).toBe(403);
  });

  it('a ban and a sign-out take effect on the next request', async () => {
    await sidebar();
    const ban = await call(admin.cookie, 'PATCH', `/api/admin/users/${owner.id}/ban-status`, {
      banned: true,
      banReason: 'spam',
    });
    expect(ban.statusCode).toBe(200);
    expect((await call(owner.cookie, 'GET', '/api/conversations')).statusCode).toBe(403);
    await call(admin.cookie, 'PATCH', `/api/admin/users/${owner.id}/ban-status`, { banned: false });
    await sidebar();
    expect((await call(owner.cookie, 'POST', '/api/auth/signout')).statusCode).toBe(200);
    expect((await call(owner.cookie, 'GET', '/api/conversations')).statusCode).toBe(401);
  });

  it('an idle session expires without any write', async () => {
    const user = await insertUser(t.database.db);
    const { cookie } = await signIn(t.database.db, t.config, user.id, t.clock.now());
    expect((await call(cookie, 'GET', '/api/conversations')).statusCode).toBe(200);
    t.clock.advance(t.config.sessions.idleMs + 1000);
    expect((await call(cookie, 'GET', '/api/conversations')).statusCode).toBe(401);
  });
});

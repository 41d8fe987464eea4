import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userLimits } from '../src/db/schema.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let origin: string;
let owner: { id: string; cookie: string };
let other: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  origin = t.config.publicUrl;
  for (const which of ['owner', 'other'] as const) {
    const user = await insertUser(t.database.db);
    const person = {
      id: user.id,
      cookie: (await signIn(t.database.db, t.config, user.id, t.clock.now())).cookie,
    };
    if (which === 'owner') owner = person;
    else other = person;
  }
});
afterAll(() => t.close());

const as = (
  cookie: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  ip = '10.1.1.1',
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { origin, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  });

describe('member sharing', () => {
  it('snapshots the stored messages behind one link, updated only when shared again', async () => {
    const { id } = (
      await as(owner.cookie, 'POST', '/api/conversations', { title: 'Shared' })
    ).json();
    await as(owner.cookie, 'POST', `/api/conversations/${id}/messages`, {
      role: 'user',
      content: 'First question',
    });
    const shared = await as(owner.cookie, 'POST', `/api/conversations/${id}/share`);
    expect(shared.statusCode).toBe(200);
    const { shareableId } = shared.json();
    expect(shareableId).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    const view = await as(null, 'GET', `/api/shared/${shareableId}?t=123`);
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toContain('no-store');
    expect(view.headers['cache-control']).toContain('no-cache');
    expect(view.json()).toMatchObject({
      id,
      title: 'Shared',
      shareableId,
      messages: [{ role: 'user', content: 'First question' }],
    });

    await as(owner.cookie, 'POST', `/api/conversations/${id}/messages`, {
      role: 'user',
      content: 'Second question',
    });
    expect((await as(null, 'GET', `/api/shared/${shareableId}`)).json().messages).toHaveLength(1);

    const again = await as(owner.cookie, 'POST', `/api/conversations/${id}/share`);
    expect(again.json().shareableId).toBe(shareableId);
    expect((await as(null, 'GET', `/api/shared/${shareableId}`)).json().messages).toHaveLength(2);
    const listed = (await as(owner.cookie, 'GET', '/api/conversations')).json().active;
    expect(listed.find((c: { id: string }) => c.id === id)).toMatchObject({
      isShared: true,
      shareableId,
    });
  });

  it('lets only the owner share or revoke; a revoked or deleted conversation’s link is gone', async () => {
    const { id } = (
      await as(owner.cookie, 'POST', '/api/conversations', { title: 'Revocable' })
    ).json();
    expect((await as(other.cookie, 'POST', `/api/conversations/${id}/share`)).statusCode).toBe(404);
    const { shareableId } = (
      await as(owner.cookie, 'POST', `/api/conversations/${id}/share`)
    ).json();
    expect((await as(other.cookie, 'DELETE', `/api/conversations/${id}/share`)).statusCode).toBe(
      404,
    );
    expect((await as(owner.cookie, 'DELETE', `/api/conversations/${id}/share`)).statusCode).toBe(
      200,
    );
    expect((await as(null, 'GET', `/api/shared/${shareableId}`)).statusCode).toBe(404);
    expect((await as(owner.cookie, 'DELETE', `/api/conversations/${id}/share`)).statusCode).toBe(
      404,
    );

    const relinked = (await as(owner.cookie, 'POST', `/api/conversations/${id}/share`)).json()
      .shareableId;
    await as(owner.cookie, 'DELETE', `/api/conversations/${id}`);
    expect((await as(null, 'GET', `/api/shared/${relinked}`)).statusCode).toBe(404);
    expect((await as(null, 'GET', '/api/shared/unknown-id')).statusCode).toBe(404);
  });
});

describe('guest sharing', () => {
  const snapshot = (n = 2) => ({
    title: 'From a guest',
    messages: Array.from({ length: n }, (_, i) => ({
      role: i % 2 ? 'ai' : 'user',
      content: `Message ${i}`,
    })),
  });

  it('stores the snapshot a guest sends', async () => {
    const res = await as(
      null,
      'POST',
      '/api/conversations/local-id-1/share',
      snapshot(),
      '10.2.2.2',
    );
    expect(res.statusCode).toBe(200);
    const view = (await as(null, 'GET', `/api/shared/${res.json().shareableId}`)).json();
    expect(view.title).toBe('From a guest');
    expect(view.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  });

  it('refuses a missing, oversized or over-long snapshot', async () => {
    expect(
      (await as(null, 'POST', '/api/conversations/x/share', undefined, '10.3.3.3')).statusCode,
    ).toBe(400);
    expect(
      (await as(null, 'POST', '/api/conversations/x/share', snapshot(201), '10.3.3.3')).statusCode,
    ).toBe(400);
    const big = {
      title: 'Big',
      messages: Array.from({ length: 10 }, () => ({ role: 'user', content: 'x'.repeat(30_000) })),
    };
    const tooBig = await as(null, 'POST', '/api/conversations/x/share', big, '10.3.3.3');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toContain('256 KB');
  });

  it('allows 10 shares a day per guest, also after clearing cookies', async () => {
    for (let i = 0; i < 10; i++) {
      expect(
        (await as(null, 'POST', `/api/conversations/g${i}/share`, snapshot(), '10.4.4.4'))
          .statusCode,
      ).toBe(200);
    }
    const eleventh = await as(null, 'POST', '/api/conversations/g11/share', snapshot(), '10.4.4.4');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.message).toContain('at most 10');
  });
});

describe('conversation limit', () => {
  it('refuses a new conversation past the limit, counting deleted ones', async () => {
    const user = await insertUser(t.database.db);
    const { cookie } = await signIn(t.database.db, t.config, user.id, t.clock.now());
    await t.database.db.insert(userLimits).values({ userId: user.id, maxConversations: 2 });
    const first = (await as(cookie, 'POST', '/api/conversations', {})).json();
    await as(cookie, 'POST', '/api/conversations', {});
    await as(cookie, 'DELETE', `/api/conversations/${first.id}`);
    const third = await as(cookie, 'POST', '/api/conversations', {});
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ type: 'conversation', used: 2, limit: 2 });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../src/db/schema.ts';
import { answerSigner } from '../src/http/answer-signature.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let origin: string;
const people: Record<'owner' | 'other' | 'admin' | 'banned', { id: string; cookie: string }> =
  {} as never;

beforeAll(async () => {
  t = await createTestApp();
  origin = t.config.publicUrl;
  for (const [name, values] of [
    ['owner', {}],
    ['other', {}],
    ['admin', { role: 'admin' as const }],
    ['banned', { banned: true }],
  ] as const) {
    const user = await insertUser(t.database.db, values);
    people[name] = {
      id: user.id,
      cookie: (await signIn(t.database.db, t.config, user.id, t.clock.now())).cookie,
    };
  }
});
afterAll(() => t.close());

type Who = keyof typeof people | 'guest';
const call = (
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: { origin, ...(who === 'guest' ? {} : { cookie: people[who].cookie }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function newConversation(title?: string) {
  const res = await call(
    'owner',
    'POST',
    '/api/conversations',
    title === undefined ? {} : { title },
  );
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; title: string };
}

describe('ownership', () => {
  it('answers every route as the policy says for owner, admin, another user, guest and banned', async () => {
    // Per route: the status for each caller. Admins may read any conversation, change none.
    type Row = {
      name: string;
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
      url: (id: string) => string;
      payload?: object;
    };
    const routes: [Row, Record<Who, number>][] = [
      [
        { name: 'list', method: 'GET', url: () => '/api/conversations' },
        { owner: 200, admin: 200, other: 200, guest: 401, banned: 403 },
      ],
      [
        { name: 'read', method: 'GET', url: (id) => `/api/conversations/${id}` },
        { owner: 200, admin: 200, other: 404, guest: 401, banned: 403 },
      ],
      [
        {
          name: 'rename',
          method: 'PATCH',
          url: (id) => `/api/conversations/${id}`,
          payload: { title: 'Renamed' },
        },
        { owner: 200, admin: 404, other: 404, guest: 401, banned: 403 },
      ],
      [
        {
          name: 'message',
          method: 'POST',
          url: (id) => `/api/conversations/${id}/messages`,
          payload: { role: 'user', content: 'hi' },
        },
        { owner: 201, admin: 404, other: 404, guest: 401, banned: 403 },
      ],
      [
        { name: 'share', method: 'POST', url: (id) => `/api/conversations/${id}/share` },
        { owner: 200, admin: 404, other: 404, guest: 400, banned: 403 },
      ],
      [
        { name: 'unshare', method: 'DELETE', url: (id) => `/api/conversations/${id}/share` },
        { owner: 200, admin: 404, other: 404, guest: 401, banned: 403 },
      ],
      [
        { name: 'delete', method: 'DELETE', url: (id) => `/api/conversations/${id}` },
        { owner: 200, admin: 404, other: 404, guest: 401, banned: 403 },
      ],
      [
        { name: 'create', method: 'POST', url: () => '/api/conversations', payload: {} },
        { owner: 201, admin: 201, other: 201, guest: 401, banned: 403 },
      ],
    ];
    const callers: Who[] = ['other', 'admin', 'guest', 'banned', 'owner'];
    const { id } = await newConversation('Matrix');
    for (const [route, expected] of routes) {
      for (const who of callers) {
        const res = await call(who, route.method, route.url(id), route.payload);
        expect(res.statusCode, `${route.name} as ${who}: ${res.body.slice(0, 120)}`).toBe(
          expected[who],
        );
        if (res.statusCode === 404) expect(res.json().error.code).toBe('not_found');
      }
    }
    expect((await call('owner', 'GET', '/api/conversations/does-not-exist')).statusCode).toBe(404);
  });
});

describe('conversations', () => {
  it('defaults the title, trims it, cuts a long one after a whole word, and refuses an empty one', async () => {
    expect((await newConversation()).title).toBe('New Conversation');
    const long = await newConversation(
      `   ${'A very long title about the annihilation of caste and the remedy he proposed for it'}   `,
    );
    expect(long.title).toBe('A very long title about the annihilation of caste and the…');
    const empty = await call('owner', 'PATCH', `/api/conversations/${long.id}`, { title: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('The title must not be empty');
    expect((await call('owner', 'PATCH', `/api/conversations/${long.id}`, {})).statusCode).toBe(
      400,
    );
  });

  it('archives and restores, lists active and archived apart, newest first, and soft-deletes', async () => {
    const first = await newConversation('First');
    const second = await newConversation('Second');
    await call('owner', 'PATCH', `/api/conversations/${first.id}`, { archived: true });
    let list = (await call('owner', 'GET', '/api/conversations')).json();
    expect(list.archived.map((c: { id: string }) => c.id)).toContain(first.id);
    expect(list.active.map((c: { id: string }) => c.id)).not.toContain(first.id);
    expect(list.active[0].id).toBe(second.id);

    await call('owner', 'PATCH', `/api/conversations/${first.id}`, { archived: false });
    list = (await call('owner', 'GET', '/api/conversations')).json();
    expect(list.active[0].id).toBe(first.id);

    expect((await call('owner', 'DELETE', `/api/conversations/${first.id}`)).statusCode).toBe(200);
    list = (await call('owner', 'GET', '/api/conversations')).json();
    expect([...list.active, ...list.archived].map((c: { id: string }) => c.id)).not.toContain(
      first.id,
    );
    expect((await call('owner', 'GET', `/api/conversations/${first.id}`)).statusCode).toBe(404);
    const [kept] = await t.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, first.id));
    expect(kept?.deletedAt).toBeInstanceOf(Date);
  });

  it("imports a guest's question and the server's signed answer to it, accepting ai as assistant", async () => {
    const { id } = await newConversation('Messages');
    const source = {
      file_name: 'castes.pdf',
      page: 4,
      score: 0.8,
      link: '/api/documents/x/file#page=4',
    };
    await call('owner', 'POST', `/api/conversations/${id}/messages`, {
      role: 'user',
      content: 'What is endogamy?',
    });
    const signature = answerSigner(t.config.sessionSecret).sign(
      'What is endogamy?',
      'Endogamy is …',
      [source],
    );
    const reply = await call('owner', 'POST', `/api/conversations/${id}/messages`, {
      role: 'ai',
      content: 'Endogamy is …',
      sources: [source],
      timestamp: '2026-11-22T10:00:00.000Z',
      signature,
    });
    expect(reply.statusCode).toBe(201);
    const conversation = (await call('owner', 'GET', `/api/conversations/${id}`)).json();
    expect(conversation.messages).toEqual([
      expect.objectContaining({ role: 'user', content: 'What is endogamy?', sources: [] }),
      {
        role: 'assistant',
        content: 'Endogamy is …',
        sources: [source],
        timestamp: '2026-11-22T10:00:00.000Z',
        // Signed again when read (issue #31), so it can be rated: the same signature.
        signature,
      },
    ]);
    expect(conversation).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('refuses oversized and malformed messages with a clear 4xx and writes nothing', async () => {
    const { id } = await newConversation('Sizes');
    const cases = [
      { role: 'user', content: 'x'.repeat(32_001) },
      {
        role: 'user',
        content: 'ok',
        sources: Array.from({ length: 201 }, () => ({ file_name: 'a', score: 0.5 })),
      },
      { role: 'system', content: 'hi' },
      { role: 'user' },
      { role: 'user', content: 'ok', sources: [{ file_name: 'a', score: 7 }] },
      { role: 'user', content: 'ok', timestamp: 'yesterday' },
    ];
    for (const payload of cases) {
      const res = await call('owner', 'POST', `/api/conversations/${id}/messages`, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error.message.length).toBeGreaterThan(0);
    }
    expect(
      await t.database.db.select().from(messages).where(eq(messages.conversationId, id)),
    ).toEqual([]);
  });
});

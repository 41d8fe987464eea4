import { randomUUID } from 'node:crypto';
import { CONVERSATION_MAX_MESSAGES } from '@samvad/contracts/conversation-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../src/db/schema.ts';
import { readCounters } from '../src/repositories/usage-repository.ts';
import { memberConversation } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The chat's limits through POST /api/chat itself: a refused chat charges nothing. The app has
// no corpus, so every accepted question gets the 'no documents yet' answer; refusals come before it.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Caller = { cookie?: string; ip?: string };

function chat(caller: Caller, conversationId?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: {
      origin: t.config.publicUrl,
      accept: 'application/json',
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
    },
    remoteAddress: caller.ip ?? '198.51.100.7',
    payload: { question: 'What did he say about education?', conversation_id: conversationId },
  });
}

async function chatOk(times: number, caller: Caller, conversationId?: string) {
  for (let i = 0; i < times; i++) {
    const res = await chat(caller, conversationId);
    expect(res.statusCode, res.body).toBe(200);
  }
}

function usage(caller: Caller) {
  return t.app
    .inject({
      method: 'GET',
      url: '/api/user/rate-limits',
      headers: caller.cookie ? { cookie: caller.cookie } : {},
      remoteAddress: caller.ip ?? '198.51.100.7',
    })
    .then((res) => res.json());
}

/** A member with these limits and one conversation (made through the API). */
async function member(limits: { maxRequestsPerDay?: number; maxMessagesPerConversation?: number }) {
  const { cookie, id, userId } = await memberConversation(t, limits);
  return { cookie, userId, conversationId: id };
}

async function storedRoles(conversationId: string) {
  const rows = await t.database.db
    .select({ role: messages.role })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  return rows.map((row) => row.role);
}

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

/** A guest at a fresh address, with the cookie the server hands out on first use. */
async function guest(): Promise<Caller> {
  const ip = freshIp();
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user/rate-limits',
    remoteAddress: ip,
  });
  const cookies = [res.headers['set-cookie'] ?? []].flat();
  const cookie = cookies.find((value) => value.startsWith('samvad_guest='))?.split(';')[0];
  if (!cookie) throw new Error('no guest cookie was set');
  return { ip, cookie };
}

describe('a refused chat charges nothing', () => {
  it("a member at the message limit gets 429 'message' and keeps the day's request", async () => {
    const caller = await member({ maxMessagesPerConversation: 2 });
    await chatOk(2, caller, caller.conversationId);
    expect(await usage(caller)).toMatchObject({ requestsUsedDay: 2, totalRequestsMade: 2 });

    const refused = await chat(caller, caller.conversationId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ type: 'message', used: 2, limit: 2 });
    // Neither the daily, the monthly nor the all-time request counter moved.
    expect(await usage(caller)).toMatchObject({ requestsUsedDay: 2, totalRequestsMade: 2 });
    // The refused question was not saved either: two questions, two answers.
    expect(await storedRoles(caller.conversationId)).toHaveLength(4);
  });

  it('a question refused because the conversation is full costs no request or message unit', async () => {
    const caller = await member({});
    await t.database.db
      .update(conversations)
      .set({ messageCount: CONVERSATION_MAX_MESSAGES })
      .where(eq(conversations.id, caller.conversationId));
    const refused = await chat(caller, caller.conversationId);
    // The conversation's own cap (413 today), not a usage limit.
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json().error.code).not.toBe('rate_limited');
    expect(await usage(caller)).toMatchObject({ requestsUsedDay: 0, totalRequestsMade: 0 });
    const [messageUnits] = await readCounters(t.database.db, [
      { subject: caller.conversationId, kind: 'message', window: 'all' },
    ]);
    expect(messageUnits).toBe(0);
  });

  it("a guest refused a sixth conversation keeps the day's request", async () => {
    const caller = await guest();
    for (const id of ['g1', 'g2', 'g3', 'g4', 'g5']) await chatOk(1, caller, id);
    expect(await usage(caller)).toMatchObject({ requestsUsedDay: 5 });

    const refused = await chat(caller, 'g6');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ type: 'conversation', used: 5, limit: 5 });
    expect(await usage(caller)).toMatchObject({ requestsUsedDay: 5, totalRequestsMade: 5 });
    // The refused conversation's message was not counted: it may still be started elsewhere.
    const [messageUnits] = await readCounters(t.database.db, [
      { subject: `ip-conv:${caller.ip}:g6`, kind: 'message', window: 'all' },
    ]);
    expect(messageUnits).toBe(0);
  });
});

describe('in parallel', () => {
  /** Sends `count` chats at once; every answer is a 200 or a 429. */
  async function burst(count: number, send: () => ReturnType<typeof chat>) {
    const results = await Promise.all(Array.from({ length: count }, send));
    for (const res of results) expect([200, 429], res.body).toContain(res.statusCode);
    return {
      accepted: results.filter((res) => res.statusCode === 200).length,
      refusedAs: new Set(results.filter((res) => res.statusCode === 429).map((r) => r.json().type)),
    };
  }

  it('the message limit is never overshot, and refused chats take no request', async () => {
    const caller = await member({ maxMessagesPerConversation: 3, maxRequestsPerDay: 100 });
    const result = await burst(20, () => chat(caller, caller.conversationId));
    expect(result).toEqual({ accepted: 3, refusedAs: new Set(['message']) });
    expect(await usage(caller)).toMatchObject({ requestsUsedDay: 3, totalRequestsMade: 3 });
    const roles = await storedRoles(caller.conversationId);
    expect(roles.filter((role) => role === 'user')).toHaveLength(3);
  });

  it('the request limit is never overshot, and refused chats take no message unit', async () => {
    const caller = await member({ maxMessagesPerConversation: 100, maxRequestsPerDay: 3 });
    const result = await burst(20, () => chat(caller, caller.conversationId));
    expect(result).toEqual({ accepted: 3, refusedAs: new Set(['request']) });
    const [messageUnits] = await readCounters(t.database.db, [
      { subject: caller.conversationId, kind: 'message', window: 'all' },
    ]);
    expect(messageUnits).toBe(3);
    expect(await usage(caller)).toMatchObject({ requestsUsedDay: 3, totalRequestsMade: 3 });
  });

  it('guests sharing a network never overshoot either limit', async () => {
    const ip = freshIp();
    // One conversation left for this network, then parallel chats from new cookies and ids.
    for (const id of ['n1', 'n2', 'n3', 'n4']) await chatOk(1, { ip }, id);
    const result = await burst(20, () => chat({ ip }, randomUUID()));
    expect(result).toEqual({ accepted: 1, refusedAs: new Set(['conversation']) });
    expect(await usage({ ip })).toMatchObject({
      requestsUsedDay: 5,
      totalConversationsCreated: 5,
    });
  });
});

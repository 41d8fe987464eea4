import { randomUUID } from 'node:crypto';
import { limitKindSchema } from '@samvad/contracts/limits';
import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conversations, limitSettings, messages, userLimits } from '../src/db/schema.ts';
import { resolveActor } from '../src/http/actor.ts';
import { checkAndConsume } from '../src/services/usage-limit-service.ts';
import { getUserUsageMetrics } from '../src/services/usage-metrics-service.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const TIMEZONE = 'Asia/Kolkata';
/** India is UTC+05:30 all year: local midnight is 18:30 UTC. */
const KOLKATA_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LIMITS_TIMEZONE: TIMEZONE });
  // A route that exists only in this test: drives each kind before the chat endpoint exists.
  t.app.withTypeProvider<ZodTypeProvider>().post(
    '/api/test/consume/:kind',
    {
      schema: {
        params: z.object({ kind: limitKindSchema }),
        body: z.object({ conversationId: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const now = t.clock.now();
      const actor = resolveActor(request, reply, t.config, now);
      await checkAndConsume(t.database.db, actor, request.params.kind, {
        conversationId: request.body.conversationId,
        now,
        timezone: t.config.limits.timezone,
      });
      return { ok: true };
    },
  );
});
afterAll(() => t.close());

type Caller = { cookie?: string; ip?: string };
type Kind = 'request' | 'message' | 'conversation';

function consume(kind: Kind, caller: Caller = {}, conversationId?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/test/consume/${kind}`,
    headers: { origin: t.config.publicUrl, ...(caller.cookie ? { cookie: caller.cookie } : {}) },
    remoteAddress: caller.ip ?? '198.51.100.1',
    payload: conversationId ? { conversationId } : {},
  });
}

/** Consumes `times` units one after another; every one must succeed. */
async function consumeOk(times: number, kind: Kind, caller: Caller, conversationId?: string) {
  for (let i = 0; i < times; i++) {
    const res = await consume(kind, caller, conversationId);
    expect(res.statusCode, res.body).toBe(200);
  }
}

function rateLimits(caller: Caller) {
  return t.app.inject({
    method: 'GET',
    url: '/api/user/rate-limits',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
    remoteAddress: caller.ip ?? '198.51.100.1',
  });
}

type Overrides = Partial<Omit<typeof userLimits.$inferInsert, 'userId'>>;

/** A signed-in member, with per-user overrides when given. */
async function member(overrides?: Overrides): Promise<Caller & { userId: string }> {
  const user = await insertUser(t.database.db);
  if (overrides) await t.database.db.insert(userLimits).values({ userId: user.id, ...overrides });
  const { cookie } = await signIn(t.database.db, t.config, user.id, t.clock.now());
  return { cookie, userId: user.id };
}

/** A guest at a fresh address, with the cookie the server hands out on first use. */
async function guest(ip = freshIp()): Promise<Caller> {
  const res = await rateLimits({ ip });
  return { ip, cookie: guestCookieOf(res.headers['set-cookie']) };
}

function guestCookieOf(header: string | string[] | undefined): string {
  const cookies = Array.isArray(header) ? header : [header ?? ''];
  const found = cookies.find((cookie) => cookie.startsWith('samvad_guest='));
  if (!found) throw new Error('no guest cookie was set');
  return found.split(';')[0] ?? '';
}

let ipCounter = 0;
function freshIp(): string {
  ipCounter += 1;
  return `203.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** The next local midnight in Kolkata, computed independently of the service. */
function nextKolkataMidnight(now: Date): Date {
  const local = now.getTime() + KOLKATA_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS + DAY_MS - KOLKATA_OFFSET_MS);
}

function expectRefusal(
  res: { statusCode: number; json(): unknown },
  type: Kind,
  used: number,
  limit: number,
) {
  expect(res.statusCode).toBe(429);
  const body = res.json() as { error: { code: string; message: string } };
  expect(body).toEqual({
    error: { code: 'rate_limited', message: expect.any(String) },
    type,
    used,
    limit,
  });
  expect(body.error.message).toContain(`maximum of ${limit} `);
}

describe('members', () => {
  it('refuses the request over the daily limit with the spec payload', async () => {
    const caller = await member({ maxRequestsPerDay: 3 });
    await consumeOk(3, 'request', caller);
    const res = await consume('request', caller);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: "You've reached the maximum of 3 requests per day. Please try again tomorrow.",
      },
      type: 'request',
      used: 3,
      limit: 3,
    });
  });

  it('says "1 request" and "1 message" when the limit is one (the noun agrees)', async () => {
    const caller = await member({ maxRequestsPerDay: 1, maxMessagesPerConversation: 1 });
    await consumeOk(1, 'request', caller);
    const request = (await consume('request', caller)).json() as { error: { message: string } };
    expect(request.error.message).toBe(
      "You've reached the maximum of 1 request per day. Please try again tomorrow.",
    );
    await consumeOk(1, 'message', caller, 'conv-one');
    const message = (await consume('message', caller, 'conv-one')).json() as {
      error: { message: string };
    };
    expect(message.error.message).toBe(
      "You've reached the maximum of 1 message in this conversation. Please start a new conversation to continue.",
    );
  });

  it('limits messages per conversation', async () => {
    const caller = await member({ maxMessagesPerConversation: 2 });
    await consumeOk(2, 'message', caller, 'conv-a');
    expectRefusal(await consume('message', caller, 'conv-a'), 'message', 2, 2);
    await consumeOk(1, 'message', caller, 'conv-b');
  });

  it('limits conversations ever created', async () => {
    const caller = await member({ maxConversations: 2 });
    await consumeOk(2, 'conversation', caller);
    expectRefusal(await consume('conversation', caller), 'conversation', 2, 2);
  });

  it('never limits at -1, and refuses everything at 0', async () => {
    const unlimited = await member({ maxRequestsPerDay: -1, maxMessagesPerConversation: -1 });
    await consumeOk(120, 'request', unlimited);
    await consumeOk(120, 'message', unlimited, 'conv-unlimited');
    // The global default for conversations is -1.
    await consumeOk(10, 'conversation', unlimited);

    const none = await member({ maxConversations: 0 });
    expectRefusal(await consume('conversation', none), 'conversation', 0, 0);
  });

  it('applies the global default unless the member has an override', async () => {
    await t.database.db
      .update(limitSettings)
      .set({ maxRequestsPerDay: 2 })
      .where(eq(limitSettings.id, 1));
    try {
      const plain = await member();
      await consumeOk(2, 'request', plain);
      expectRefusal(await consume('request', plain), 'request', 2, 2);

      const overridden = await member({ maxRequestsPerDay: 5 });
      await consumeOk(5, 'request', overridden);
      expectRefusal(await consume('request', overridden), 'request', 5, 5);
    } finally {
      await t.database.db
        .update(limitSettings)
        .set({ maxRequestsPerDay: 100 })
        .where(eq(limitSettings.id, 1));
    }
  });

  it('refuses a banned member with the ban body', async () => {
    const user = await insertUser(t.database.db, { banned: true, banReason: 'spam' });
    const { cookie } = await signIn(t.database.db, t.config, user.id, t.clock.now());
    for (const res of [await consume('request', { cookie }), await rateLimits({ cookie })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ banned: true, reason: 'spam', error: { code: 'banned' } });
    }
  });
});

describe('guests', () => {
  it('get 25 requests a day, 20 messages a conversation and 5 conversations', async () => {
    const caller = await guest();
    await consumeOk(25, 'request', caller);
    expectRefusal(await consume('request', caller), 'request', 25, 25);

    await consumeOk(20, 'message', caller, 'local-conversation-1');
    expectRefusal(await consume('message', caller, 'local-conversation-1'), 'message', 20, 20);

    for (const id of ['c1', 'c2', 'c3', 'c4', 'c5']) await consumeOk(1, 'conversation', caller, id);
    expectRefusal(await consume('conversation', caller, 'c6'), 'conversation', 5, 5);
    // An id the guest already used costs nothing.
    await consumeOk(1, 'conversation', caller, 'c3');
  });

  it('stay limited after clearing cookies, and on a new IP with the same cookie', async () => {
    const caller = await guest();
    await consumeOk(25, 'request', caller);

    const clearedCookies = { ip: caller.ip };
    expectRefusal(await consume('request', clearedCookies), 'request', 25, 25);
    const newNetwork = { cookie: caller.cookie, ip: freshIp() };
    expectRefusal(await consume('request', newNetwork), 'request', 25, 25);

    // Someone else, elsewhere, is not affected.
    await consumeOk(1, 'request', await guest());
  });

  it('count conversations by the distinct ids seen under the cookie or the IP', async () => {
    const caller = await guest();
    for (const id of ['d1', 'd2', 'd3', 'd4', 'd5']) await consumeOk(1, 'conversation', caller, id);
    // Cookies cleared: the IP has seen five ids, so only those five may go on.
    const clearedCookies = { ip: caller.ip };
    await consumeOk(1, 'conversation', clearedCookies, 'd2');
    expectRefusal(await consume('conversation', clearedCookies, 'd6'), 'conversation', 5, 5);
  });

  it('give a forged cookie no identity of its own', async () => {
    const caller = await guest();
    await consumeOk(25, 'request', caller);
    const forged = { cookie: 'samvad_guest=AAAAAAAAAAAAAAAAAAAAAA.bad', ip: caller.ip };
    const res = await consume('request', forged);
    expectRefusal(res, 'request', 25, 25);
  });
});

describe('the daily window', () => {
  it('resets at local midnight in LIMITS_TIMEZONE', async () => {
    const caller = await member({ maxRequestsPerDay: 2 });
    await consumeOk(2, 'request', caller);
    expectRefusal(await consume('request', caller), 'request', 2, 2);

    const midnight = nextKolkataMidnight(t.clock.now());
    expect((await rateLimits(caller)).json().resetsAt).toBe(midnight.toISOString());
    // Five seconds before midnight it is still the same day; ten seconds later a new one.
    t.clock.advance(midnight.getTime() - t.clock.now().getTime() - 5_000);
    expectRefusal(await consume('request', caller), 'request', 2, 2);
    t.clock.advance(10_000);
    await consumeOk(2, 'request', caller);
    expectRefusal(await consume('request', caller), 'request', 2, 2);

    const limits = (await rateLimits(caller)).json();
    expect(limits).toMatchObject({ requestsUsedDay: 2, totalRequestsMade: 4 });
    expect(limits.resetsAt).toBe(new Date(midnight.getTime() + DAY_MS).toISOString());
  });
});

describe('under concurrency', () => {
  /** Fires 50 at once; returns how many succeeded, after checking the rest were refused. */
  async function fireFifty(send: (i: number) => ReturnType<typeof consume>): Promise<number> {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => send(i)));
    for (const res of results) expect([200, 429], res.body).toContain(res.statusCode);
    return results.filter((res) => res.statusCode === 200).length;
  }

  it('lets exactly one of 50 parallel member requests take the last unit', async () => {
    const caller = await member({ maxRequestsPerDay: 5 });
    await consumeOk(4, 'request', caller);
    expect(await fireFifty(() => consume('request', caller))).toBe(1);
    expect((await rateLimits(caller)).json().requestsUsedDay).toBe(5);
  });

  it('lets exactly one of 50 parallel messages take the last unit of a conversation', async () => {
    const caller = await member({ maxMessagesPerConversation: 3 });
    await consumeOk(2, 'message', caller, 'busy');
    expect(await fireFifty(() => consume('message', caller, 'busy'))).toBe(1);
  });

  it('lets exactly one of 50 parallel guest requests through, cookie or not', async () => {
    const caller = await guest();
    await consumeOk(24, 'request', caller);
    // Half keep the cookie, half have cleared it: all share the IP counter.
    const sent = await fireFifty((i) => consume('request', i % 2 ? caller : { ip: caller.ip }));
    expect(sent).toBe(1);
    expect((await rateLimits(caller)).json().requestsUsedDay).toBe(25);
  });

  it('lets exactly one of 50 new guest conversations in when one is left', async () => {
    const caller = await guest();
    for (const id of ['p1', 'p2', 'p3', 'p4']) await consumeOk(1, 'conversation', caller, id);
    expect(await fireFifty((i) => consume('conversation', caller, `new-${i}`))).toBe(1);
    expect((await rateLimits(caller)).json().totalConversationsCreated).toBe(5);
  });
});

describe('GET /api/user/rate-limits', () => {
  it("shows a member's limits and usage", async () => {
    const caller = await member({ maxMessagesPerConversation: 50 });
    await consumeOk(3, 'request', caller);
    await consumeOk(2, 'conversation', caller);
    const conversationId = randomUUID();
    const now = t.clock.now();
    await t.database.db
      .insert(conversations)
      .values({ id: conversationId, userId: caller.userId, title: 'T' });
    await t.database.db.insert(messages).values(
      (['user', 'assistant', 'user'] as const).map((role, ordinal) => ({
        conversationId,
        ordinal,
        role,
        content: 'x',
        timestamp: now,
      })),
    );

    const res = await rateLimits(caller);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      maxRequestsPerDay: 100,
      maxMessagesPerConversation: 50,
      maxConversations: -1,
      totalRequestsMade: 3,
      totalMessagesSent: 2,
      totalConversationsCreated: 2,
      requestsUsedDay: 3,
      resetsAt: nextKolkataMidnight(t.clock.now()).toISOString(),
      isGuest: false,
    });
  });

  it("shows a guest's real usage under the guest defaults", async () => {
    const first = await rateLimits({ ip: freshIp() });
    expect(first.json()).toMatchObject({ requestsUsedDay: 0, totalRequestsMade: 0, isGuest: true });
    const caller = await guest();
    await consumeOk(2, 'request', caller);
    await consumeOk(3, 'message', caller, 'g-a');
    await consumeOk(1, 'conversation', caller, 'g-a');
    await consumeOk(1, 'conversation', caller, 'g-b');

    const res = await rateLimits(caller);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      maxRequestsPerDay: 25,
      maxMessagesPerConversation: 20,
      maxConversations: 5,
      totalRequestsMade: 2,
      totalMessagesSent: 3,
      totalConversationsCreated: 2,
      requestsUsedDay: 2,
      resetsAt: nextKolkataMidnight(t.clock.now()).toISOString(),
      isGuest: true,
    });
    // Cookies cleared: the day's usage still shows, by IP.
    expect((await rateLimits({ ip: caller.ip })).json().requestsUsedDay).toBe(2);
  });
  it('is in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.json().paths['/api/user/rate-limits']?.get).toBeDefined();
  });
});

describe('usage metrics', () => {
  it("sums up a member's conversations, messages and requests", async () => {
    const caller = await member();
    const now = t.clock.now();
    const db = t.database.db;
    const ids = { active: randomUUID(), archived: randomUUID(), deleted: randomUUID() };
    await db.insert(conversations).values([
      { id: ids.active, userId: caller.userId, title: 'a' },
      { id: ids.archived, userId: caller.userId, title: 'b', archived: true },
      { id: ids.deleted, userId: caller.userId, title: 'c', deletedAt: now },
    ]);
    const message = (conversationId: string, ordinal: number) => ({
      conversationId,
      ordinal,
      role: ordinal % 2 ? ('assistant' as const) : ('user' as const),
      content: 'x',
      timestamp: now,
    });
    await db
      .insert(messages)
      .values([
        message(ids.active, 0),
        message(ids.active, 1),
        message(ids.archived, 0),
        message(ids.deleted, 0),
      ]);
    await consumeOk(3, 'request', caller);

    const metrics = await getUserUsageMetrics(db, caller.userId, t.clock.now(), TIMEZONE);
    expect(metrics).toMatchObject({
      conversations: { created: 3, active: 1, archived: 1, deleted: 1 },
      messages: { total: 4, inActiveConversations: 2 },
      requests: { total: 3, today: 3, thisMonth: 3 },
    });
    expect(metrics.lastActiveAt?.getTime()).toBeGreaterThanOrEqual(now.getTime() - 1000);
  });
});

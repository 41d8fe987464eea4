import {
  ANSWER_ROOM_CHARS,
  CONVERSATION_MAX_CHARS,
  CONVERSATION_PAGE_MAX_CHARS,
} from '@samvad/contracts/conversation-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, usageCounters, userLimits } from '../src/db/schema.ts';
import { answerSigner } from '../src/http/answer-signature.ts';
import { appendMessage } from '../src/repositories/conversation-repository.ts';
import { upsertConversationShare } from '../src/repositories/share-repository.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 19, finding 6: the messages endpoint was unmetered and unbounded, a big conversation could
// not be read (500 'Invalid string length', for its owner and for admins), shares had no size cap.

let t: TestApp;
let origin: string;
let member: { id: string; cookie: string };
let admin: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  origin = t.config.publicUrl;
  const user = await insertUser(t.database.db);
  member = {
    id: user.id,
    cookie: (await signIn(t.database.db, t.config, user.id, t.clock.now())).cookie,
  };
  const adminUser = await insertUser(t.database.db, { role: 'admin' });
  admin = { cookie: (await signIn(t.database.db, t.config, adminUser.id, t.clock.now())).cookie };
});
afterAll(() => t.close());

const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { origin, cookie },
    ...(payload ? { payload } : {}),
  });

async function newConversation() {
  const res = await call(member.cookie, 'POST', '/api/conversations', {});
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const storedMessages = (id: string) =>
  t.database.db.select().from(messages).where(eq(messages.conversationId, id));

async function setMessageLimit(limit: number) {
  await t.database.db
    .insert(userLimits)
    .values({ userId: member.id, maxMessagesPerConversation: limit })
    .onConflictDoUpdate({
      target: userLimits.userId,
      set: { maxMessagesPerConversation: limit },
    });
}

describe('POST /api/conversations/{id}/messages', () => {
  it('refuses an assistant message without the signature of an answer this server gave', async () => {
    await setMessageLimit(100);
    const id = await newConversation();
    const signer = answerSigner(t.config.sessionSecret);
    const fakeSource = { file_name: 'made-up.pdf', score: 1, link: 'https://evil.example/' };
    await call(member.cookie, 'POST', `/api/conversations/${id}/messages`, {
      role: 'user',
      content: 'Did he say so?',
    });
    const cases = [
      // No signature at all: the old way of planting an answer.
      { role: 'assistant', content: 'Yes, he did.', sources: [fakeSource] },
      // A signature of other text, or of the same text to another question.
      {
        role: 'ai',
        content: 'Yes, he did.',
        sources: [fakeSource],
        signature: signer.sign('Did he say so?', 'No.', [fakeSource]),
      },
      {
        role: 'assistant',
        content: 'Yes, he did.',
        sources: [fakeSource],
        signature: signer.sign('Another question', 'Yes, he did.', [fakeSource]),
      },
      // Signed by another secret.
      {
        role: 'assistant',
        content: 'Yes, he did.',
        sources: [fakeSource],
        signature: answerSigner('another-secret-of-enough-length-for-hmac').sign(
          'Did he say so?',
          'Yes, he did.',
          [fakeSource],
        ),
      },
    ];
    for (const payload of cases) {
      const res = await call(member.cookie, 'POST', `/api/conversations/${id}/messages`, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 90)).toBe(400);
      expect(res.json().error.message).toMatch(/signature/);
    }
    expect((await storedMessages(id)).map((m) => m.role)).toEqual(['user']);

    // A genuine answer is taken once, right after its question; not replayed after it.
    const genuine = {
      role: 'assistant',
      content: 'Yes, he did.',
      sources: [],
      signature: signer.sign('Did he say so?', 'Yes, he did.', []),
    };
    expect(
      (await call(member.cookie, 'POST', `/api/conversations/${id}/messages`, genuine)).statusCode,
    ).toBe(201);
    const replay = await call(member.cookie, 'POST', `/api/conversations/${id}/messages`, genuine);
    expect(replay.statusCode).toBe(400);
    expect((await storedMessages(id)).map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it("counts each question against the member's message limit; a refusal charges nothing", async () => {
    await setMessageLimit(2);
    const id = await newConversation();
    const post = (content: string) =>
      call(member.cookie, 'POST', `/api/conversations/${id}/messages`, { role: 'user', content });
    expect((await post('one')).statusCode).toBe(201);
    expect((await post('two')).statusCode).toBe(201);
    const third = await post('three');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ type: 'message', used: 2, limit: 2 });
    expect(await storedMessages(id)).toHaveLength(2);
    // The same counter as the chat's: a chat question is refused too.
    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { origin, cookie: member.cookie, accept: 'application/json' },
      payload: { question: 'four', conversation_id: id },
    });
    expect(chat.statusCode).toBe(429);
    expect(chat.json()).toMatchObject({ type: 'message' });
  });

  it('caps the size of a conversation with a clear 413, for imports and chat questions alike', async () => {
    await setMessageLimit(-1);
    const id = await newConversation();
    const big = 'x'.repeat(32_000);
    const fits = Math.floor((CONVERSATION_MAX_CHARS - ANSWER_ROOM_CHARS) / (big.length + 2));
    for (let i = 0; i < fits; i++) {
      const res = await call(member.cookie, 'POST', `/api/conversations/${id}/messages`, {
        role: 'user',
        content: big,
      });
      expect(res.statusCode, `message ${i}`).toBe(201);
    }
    // Filled to within 100 characters of the room a question may take.
    const room = CONVERSATION_MAX_CHARS - ANSWER_ROOM_CHARS - fits * (big.length + 2);
    const last = await call(member.cookie, 'POST', `/api/conversations/${id}/messages`, {
      role: 'user',
      content: 'x'.repeat(room - 2 - 99),
    });
    expect(last.statusCode).toBe(201);
    const over = await call(member.cookie, 'POST', `/api/conversations/${id}/messages`, {
      role: 'user',
      content: big,
    });
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toMatchObject({ code: 'payload_too_large' });
    expect(over.json().error.message).toContain('2,000,000 characters');
    // The refused question charged no message unit.
    const [counter] = await t.database.db
      .select()
      .from(usageCounters)
      .where(and(eq(usageCounters.subject, id), eq(usageCounters.kind, 'message')));
    expect(counter?.count).toBe(fits + 1);

    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { origin, cookie: member.cookie, accept: 'application/json' },
      payload: { question: 'q'.repeat(100), conversation_id: id },
    });
    expect(chat.statusCode).toBe(413);
    expect(await storedMessages(id)).toHaveLength(fits + 1);
  });
});

describe('a conversation larger than one response may carry', () => {
  const MESSAGE_COUNT = 70;
  // About 190,000 characters each: the whole is 13 MB of text, far past any page.
  const source = (i: number) => ({
    file_name: `file-${i}.pdf`.padEnd(1000, 'f'),
    page: 1,
    score: 0.5,
    link: `/api/documents/doc${i}/file#page=1`,
    excerpt: 'e'.repeat(400),
  });
  let id: string;

  beforeAll(async () => {
    id = await newConversation();
    // The state the old endpoint allowed, written straight through the repository.
    for (let i = 0; i < MESSAGE_COUNT; i++) {
      await appendMessage(
        t.database.db,
        id,
        {
          role: i % 2 ? 'assistant' : 'user',
          content: `${i}:`.padEnd(32_000, 'y'),
          sources: Array.from({ length: 100 }, (_, n) => source(n)),
          timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)),
        },
        { maxMessages: 1_000_000, maxSize: null },
        t.clock.now(),
      );
    }
  }, 120_000);

  const read = (cookie: string, cursor?: string) =>
    call(
      cookie,
      'GET',
      `/api/conversations/${id}${cursor ? `?before=${encodeURIComponent(cursor)}` : ''}`,
    );

  it('is read page by page, newest first, by its owner and by an admin; never a 500', async () => {
    for (const cookie of [member.cookie, admin.cookie]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const res = await read(cookie, cursor);
        expect(res.statusCode).toBe(200);
        // A page is bounded: its characters, and so its bytes (ASCII here) and its memory.
        expect(res.body.length).toBeLessThan(CONVERSATION_PAGE_MAX_CHARS * 1.2);
        const body = res.json();
        expect(body.messages.length).toBeGreaterThan(0);
        seen.unshift(...body.messages.map((m: { content: string }) => m.content.split(':')[0]));
        cursor = body.hasMore ? body.nextCursor : undefined;
        pages++;
      } while (cursor);
      expect(pages).toBeGreaterThan(5);
      expect(seen).toEqual(Array.from({ length: MESSAGE_COUNT }, (_, i) => String(i)));
    }
  });

  it('keeps parallel reads bounded, and refuses a forged cursor with 400', async () => {
    const reads = await Promise.all(Array.from({ length: 6 }, () => read(admin.cookie)));
    for (const res of reads) {
      expect(res.statusCode).toBe(200);
      expect(res.body.length).toBeLessThan(CONVERSATION_PAGE_MAX_CHARS * 1.2);
    }
    for (const cursor of ['not-a-cursor', Buffer.from('{"before":-1}').toString('base64url')]) {
      expect((await read(member.cookie, cursor)).statusCode).toBe(400);
    }
  });

  it('cannot be shared whole: 413 naming the cap', async () => {
    const res = await call(member.cookie, 'POST', `/api/conversations/${id}/share`);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toContain('1024 KB');
  });
});

describe('shares', () => {
  it('answers a legacy oversize snapshot cut to a bounded size, marked truncated', async () => {
    const id = await newConversation();
    const huge = Array.from({ length: 900 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `${i}:`.padEnd(30_000, 'z'),
      sources: [],
      timestamp: new Date().toISOString(),
    }));
    // 27 MB, as the red team's share was: stored straight through the repository.
    const shareableId = await upsertConversationShare(t.database.db, {
      shareableId: 'legacy-oversize-share',
      conversationId: id,
      ownerUserId: member.id,
      title: 'Huge',
      messages: huge,
      now: t.clock.now(),
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/shared/${shareableId}` });
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(1.2 * 1024 * 1024);
    const body = res.json();
    expect(body).toMatchObject({ id, title: 'Huge', shareableId, truncated: true });
    expect(body.totalMessages).toBe(900);
    expect(body.messages.length).toBeGreaterThan(0);
    expect(body.messages[0].content.startsWith('0:')).toBe(true);
  });

  it('refuses to share a conversation of more than 200 messages', async () => {
    await setMessageLimit(-1);
    const id = await newConversation();
    for (let i = 0; i < 201; i++) {
      await appendMessage(
        t.database.db,
        id,
        { role: 'user', content: `m${i}`, sources: [], timestamp: new Date() },
        { maxMessages: 1_000_000, maxSize: null },
        t.clock.now(),
      );
    }
    const res = await call(member.cookie, 'POST', `/api/conversations/${id}/share`);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toContain('200 messages');
  });
});

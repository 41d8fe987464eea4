import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRatings } from '../src/db/schema.ts';
import { GUEST_COOKIE } from '../src/http/actor.ts';
import { updateUser } from '../src/repositories/user-repository.ts';
import { ingestFile } from '../src/services/ingestion-service.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue #31 part 1: readers rate answers, named by the server's signature of them.

let t: TestApp;
let origin: string;
const GUEST_BUDGET = 3;

beforeAll(async () => {
  t = await createTestApp({ GUEST_RATINGS_PER_HOUR: String(GUEST_BUDGET) });
  origin = t.config.publicUrl;
  const outcome = await ingestFile(
    { db: t.database.db, files: t.knowledge.files, maxFileBytes: 1024 * 1024 },
    {
      fileName: 'caste-note.txt',
      bytes: new TextEncoder().encode(
        'Caste is not a division of labour. It is a division of labourers, graded one above the other. The remedy for caste is intermarriage, said the speaker in his address on the annihilation of caste.',
      ),
    },
  );
  if (outcome.status !== 'ingested') throw new Error(outcome.status);
  await t.knowledge.index.sync();
});
afterAll(() => t?.close());

type Caller = { cookie?: string; ip?: string };

const call = (who: Caller, method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    remoteAddress: who.ip ?? '10.1.1.1',
    headers: { origin, accept: 'application/json', ...(who.cookie ? { cookie: who.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });

/** A fresh guest: the cookie the chat sets on first use. */
async function guest(ip: string) {
  const res = await call({ ip }, 'POST', '/api/chat', { question: 'Hello?' });
  const set = res.cookies.find((cookie) => cookie.name === GUEST_COOKIE);
  if (!set) throw new Error('no guest cookie');
  return { cookie: `${GUEST_COOKIE}=${set.value}`, ip };
}

/** Asks the real chat and returns what the browser keeps of the answer. */
async function ask(who: Caller, question: string) {
  const res = await call(who, 'POST', '/api/chat', { question });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { question, answer: body.answer, sources: body.sources, signature: body.signature };
}

const rowsOf = (signature: string) =>
  t.database.db.select().from(answerRatings).where(eq(answerRatings.answerKey, signature));

describe('rating an answer', () => {
  it('stores the question, answer, sources, language and knowledge position; changes and withdraws it', async () => {
    const me = await guest('10.2.0.1');
    const answer = await ask(me, 'What is the remedy for caste?');
    expect(answer.sources.length).toBeGreaterThan(0);

    const down = await call(me, 'PUT', '/api/answer-ratings', {
      ...answer,
      rating: 'down',
      reasons: ['wrong_source', 'other', 'other'],
      comment: '  The page is wrong.  ',
    });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().rating).toMatchObject({
      rating: 'down',
      reasons: ['wrong_source', 'other'],
      comment: 'The page is wrong.',
    });
    const [stored] = await rowsOf(answer.signature);
    expect(stored).toMatchObject({
      question: answer.question,
      answer: answer.answer,
      sources: answer.sources,
      language: 'en',
      rating: 'down',
      userId: null,
      guestNetwork: '10.2.0.1',
    });
    expect(stored?.knowledgePosition).toBeGreaterThan(0);

    const up = await call(me, 'PUT', '/api/answer-ratings', { ...answer, rating: 'up' });
    expect(up.statusCode, up.body).toBe(200);
    const after = await rowsOf(answer.signature);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ rating: 'up', reasons: [], comment: null });

    const gone = await call(me, 'DELETE', `/api/answer-ratings/${answer.signature}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await rowsOf(answer.signature)).toHaveLength(0);
    const again = await call(me, 'DELETE', `/api/answer-ratings/${answer.signature}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toMatch(/not rated/);
  });

  it('keeps one rating per reader: a member and a guest rating one answer are two rows', async () => {
    const user = await insertUser(t.database.db);
    const member = { cookie: (await signIn(t.database.db, t.config, user.id)).cookie };
    const answer = await ask(member, 'Is caste a division of labour?');
    const visitor = await guest('10.3.0.1');
    for (const who of [member, visitor]) {
      const res = await call(who, 'PUT', '/api/answer-ratings', { ...answer, rating: 'up' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await rowsOf(answer.signature);
    expect(rows.map((row) => row.userId).sort()).toEqual([null, user.id].sort());
  });

  it("signs a member's stored answers as the chat did, so a reloaded answer can be rated; not for an admin reading it", async () => {
    const user = await insertUser(t.database.db);
    const member = { cookie: (await signIn(t.database.db, t.config, user.id)).cookie };
    const made = await call(member, 'POST', '/api/conversations', {});
    const id = made.json().id;
    const res = await call(member, 'POST', '/api/chat', {
      question: 'What did the speaker say the remedy is?',
      conversation_id: id,
    });
    const given = res.json().signature;
    const read = (cookie: string) =>
      t.app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: { cookie } });
    const stored = (await read(member.cookie)).json().messages;
    expect(stored.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(stored[0].signature).toBeUndefined();
    expect(stored[1].signature).toBe(given);
    const rated = await call(member, 'PUT', '/api/answer-ratings', {
      question: stored[0].content,
      answer: stored[1].content,
      sources: stored[1].sources,
      signature: stored[1].signature,
      rating: 'up',
    });
    expect(rated.statusCode, rated.body).toBe(200);

    const admin = await insertUser(t.database.db, { role: 'admin' });
    const adminCookie = (await signIn(t.database.db, t.config, admin.id)).cookie;
    const asAdmin = (await read(adminCookie)).json().messages;
    expect(asAdmin[1].content).toBe(stored[1].content);
    expect(asAdmin[1].signature).toBeUndefined();

    // A shared view carries no signatures: nothing in it can be rated.
    const shared = await call(member, 'POST', `/api/conversations/${id}/share`);
    expect(shared.statusCode, shared.body).toBeLessThan(300);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/shared/${shared.json().shareableId}`,
    });
    expect(view.json().messages[1].content).toBe(stored[1].content);
    expect(view.json().messages[1].signature).toBeUndefined();
  });

  it('refuses answers the server did not give, and bad ratings, with a 4xx naming the problem', async () => {
    const me = await guest('10.4.0.1');
    const answer = await ask(me, 'What is caste?');
    const cases: [object, number, RegExp][] = [
      [{ ...answer, answer: `${answer.answer} (edited)`, rating: 'up' }, 400, /signature/],
      [{ ...answer, sources: [], rating: 'up' }, 400, /signature/],
      [{ ...answer, rating: 'down' }, 400, /at least one reason/],
      [{ ...answer, rating: 'down', reasons: ['rude'] }, 400, /reasons/],
      [{ ...answer, rating: 'up', reasons: ['other'] }, 400, /thumbs-down only/],
      [{ ...answer, rating: 'down', reasons: ['other'], comment: 'x'.repeat(501) }, 400, /500/],
      [{ ...answer, signature: 'nope', rating: 'up' }, 400, /signature/],
      [{ ...answer, rating: 'sideways' }, 400, /rating/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(me, 'PUT', '/api/answer-ratings', body);
      expect(res.statusCode, JSON.stringify(body).slice(-120)).toBe(status);
      expect(res.json().error.message).toMatch(message);
    }
    // 500 characters counted as characters, not UTF-16 units.
    const longest = await call(me, 'PUT', '/api/answer-ratings', {
      ...answer,
      rating: 'down',
      reasons: ['other'],
      comment: '𝄞'.repeat(500),
    });
    expect(longest.statusCode, longest.body).toBe(200);
    expect(await rowsOf(answer.signature)).toHaveLength(1);
  });

  it('limits guests per network, however many cookies they hold; other networks are not held', async () => {
    const first = await guest('10.5.0.1');
    const second = await guest('10.5.0.1');
    const answer = await ask(first, 'Who spoke of intermarriage?');
    const statuses: number[] = [];
    for (let i = 0; i < GUEST_BUDGET + 1; i += 1) {
      const who = i % 2 === 0 ? first : second;
      const res = await call(who, 'PUT', '/api/answer-ratings', {
        ...answer,
        rating: i % 2 === 0 ? 'up' : 'down',
        reasons: i % 2 === 0 ? [] : ['did_not_answer'],
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json().error.message).toMatch(/Guests at this address/);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const elsewhere = await guest('10.6.0.1');
    const res = await call(elsewhere, 'PUT', '/api/answer-ratings', { ...answer, rating: 'up' });
    expect(res.statusCode, res.body).toBe(200);
    // The next hour brings a new budget.
    t.clock.advance(60 * 60 * 1000);
    const later = await call(first, 'PUT', '/api/answer-ratings', { ...answer, rating: 'up' });
    expect(later.statusCode, later.body).toBe(200);
  });

  it('refuses a banned member', async () => {
    const user = await insertUser(t.database.db);
    const member = { cookie: (await signIn(t.database.db, t.config, user.id)).cookie };
    const answer = await ask(member, 'Is the remedy for caste intermarriage?');
    await updateUser(t.database.db, user.id, { banned: true, banReason: 'spam' });
    const res = await call(member, 'PUT', '/api/answer-ratings', { ...answer, rating: 'up' });
    expect(res.statusCode).toBe(403);
    expect(await rowsOf(answer.signature)).toHaveLength(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_TEXTS } from '../src/answers/reply-texts.ts';
import { corpusAvailable, ingestKalpitSpeeches } from './support/corpus.ts';
import { memberConversation } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue #29 item 9: a question the writings do not cover is answered 'not covered' and costs no
// unit of the daily request limit; a covered one still does. Real corpus (Kalpit's speeches).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  if (corpusAvailable) await ingestKalpitSpeeches(t);
});
afterAll(() => t.close());

const COVERED = 'What is the real remedy for the caste system?';
const NOT_COVERED = 'Explain quantum chromodynamics and gluon confinement';

type Caller = { cookie?: string; ip: string };

function chat(caller: Caller, question: string, conversationId?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: {
      origin: t.config.publicUrl,
      accept: 'application/json',
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
    },
    remoteAddress: caller.ip,
    payload: { question, conversation_id: conversationId },
  });
}

async function usedToday(caller: Caller): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user/rate-limits',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
    remoteAddress: caller.ip,
  });
  return res.json().requestsUsedDay;
}

describe.runIf(corpusAvailable)('a refusal costs nothing', () => {
  it("a member's 'not covered' answers take no request unit; a covered answer takes one", async () => {
    const { cookie, id } = await memberConversation(t, { maxRequestsPerDay: 2 });
    const caller = { cookie, ip: '198.51.100.41' };
    for (let i = 0; i < 3; i++) {
      const refused = await chat(caller, NOT_COVERED, id);
      expect(refused.statusCode, refused.body).toBe(200);
      expect(refused.json()).toMatchObject({ answer: REPLY_TEXTS.en.notCovered, sources: [] });
    }
    // Three refusals under a limit of two: still nothing used, and two real answers to come.
    expect(await usedToday(caller)).toBe(0);
    const answered = await chat(caller, COVERED, id);
    expect(answered.json().sources.length).toBeGreaterThan(0);
    expect(await usedToday(caller)).toBe(1);
    expect((await chat(caller, COVERED, id)).statusCode).toBe(200);
    expect((await chat(caller, COVERED, id)).statusCode).toBe(429);
  });

  it("a guest's streamed 'not covered' answer takes no request unit", async () => {
    const caller = { ip: '198.51.100.42' };
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { origin: t.config.publicUrl },
      remoteAddress: caller.ip,
      payload: { question: NOT_COVERED },
    });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.body).toContain('"sources":[]');
    expect(await usedToday(caller)).toBe(0);
    await chat(caller, COVERED);
    expect(await usedToday(caller)).toBe(1);
  });
});

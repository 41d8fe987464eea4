import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, shares } from '../src/db/schema.ts';
import { answerSigner } from '../src/http/answer-signature.ts';
import { upsertConversationShare } from '../src/repositories/share-repository.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 19: share links carried made-up answers with fake citations and external 'View source'
// links; and share ownership was pinned down only by the authorization matrix.

let t: TestApp;
let origin: string;
const people = {} as Record<'owner' | 'other', { id: string; cookie: string }>;

beforeAll(async () => {
  t = await createTestApp();
  origin = t.config.publicUrl;
  for (const name of ['owner', 'other'] as const) {
    const user = await insertUser(t.database.db);
    people[name] = {
      id: user.id,
      cookie: (await signIn(t.database.db, t.config, user.id, t.clock.now())).cookie,
    };
  }
});
afterAll(() => t.close());

const call = (
  cookie: string | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  ip = '10.9.9.9',
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { origin, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  });

const ownLink = '/api/documents/doc_1-A/file#page=12';
const source = (link: string) => ({ file_name: 'annihilation.pdf', page: 12, score: 0.9, link });

describe("a guest's shared snapshot", () => {
  it("keeps the server's signed answers, and marks anything else unverified, without sources", async () => {
    const signer = answerSigner(t.config.sessionSecret);
    const question = 'What is the remedy?';
    const realAnswer = 'The real remedy is intermarriage [1].';
    const realSources = [source(ownLink), source('https://evil.example/fake.pdf')];
    const snapshot = {
      title: 'Shared by a guest',
      messages: [
        { role: 'user', content: question },
        {
          role: 'assistant',
          content: realAnswer,
          sources: realSources,
          signature: signer.sign(question, realAnswer, realSources),
        },
        { role: 'user', content: 'Did he endorse my party?' },
        // Made up, with a fake citation and an external 'View source'.
        {
          role: 'assistant',
          content: 'Yes, he endorsed it [1].',
          sources: [source('https://evil.example/proof.pdf')],
        },
        { role: 'user', content: 'Really?' },
        // A genuine signature, but of a different text: edited after the fact.
        {
          role: 'ai',
          content: `${realAnswer} And your party too.`,
          sources: realSources,
          signature: signer.sign(question, realAnswer, realSources),
        },
        { role: 'user', content: 'Another question' },
        // A genuine answer moved under another question.
        {
          role: 'assistant',
          content: realAnswer,
          sources: realSources,
          signature: signer.sign(question, realAnswer, realSources),
        },
      ],
    };
    const shared = await call(null, 'POST', '/api/conversations/guest-local/share', snapshot);
    expect(shared.statusCode).toBe(200);
    const view = (await call(null, 'GET', `/api/shared/${shared.json().shareableId}`)).json();
    const answers = view.messages.filter((m: { role: string }) => m.role === 'assistant');
    expect(answers).toHaveLength(4);
    // The external link is dropped; the source itself (the server's own) stays.
    const { link: _external, ...withoutLink } = source('https://evil.example/fake.pdf');
    expect(answers[0]).toMatchObject({
      content: realAnswer,
      sources: [source(ownLink), withoutLink],
    });
    expect(answers[0].sources[1].link).toBeUndefined();
    expect(answers[0].unverified).toBeUndefined();
    for (const answer of answers.slice(1)) {
      expect(answer).toMatchObject({ unverified: true, sources: [] });
    }
    // Nothing in the shared view links outside this server.
    expect(
      JSON.stringify(view.messages.flatMap((m: { sources: unknown[] }) => m.sources)),
    ).not.toContain('evil.example');
  });
});

describe("a member's share", () => {
  it('keeps only links to this server in a snapshot stored before links were checked', async () => {
    const { id } = (await call(people.owner.cookie, 'POST', '/api/conversations', {})).json();
    const stored = [
      { role: 'user', content: 'Q', sources: [], timestamp: new Date().toISOString() },
      {
        role: 'assistant',
        content: 'A [1] [2] [3]',
        sources: [
          source(ownLink),
          source('javascript:alert(1)'),
          source('//evil.example/api/documents/x/file'),
          source('/api/documents/x/file#page=1" onmouseover="x'),
        ],
        timestamp: new Date().toISOString(),
      },
    ];
    const shareableId = await upsertConversationShare(t.database.db, {
      shareableId: 'legacy-member-share',
      conversationId: id,
      ownerUserId: people.owner.id,
      title: 'Legacy',
      messages: stored,
      now: t.clock.now(),
    });
    const view = (await call(null, 'GET', `/api/shared/${shareableId}`)).json();
    const links = view.messages[1].sources.map((s: { link?: string }) => s.link ?? null);
    expect(links).toEqual([ownLink, null, null, null]);
    expect(view.messages[1].sources).toHaveLength(4);
  });
});

describe('share ownership', () => {
  it("refuses another member's share, unshare and private read with 404, and changes nothing", async () => {
    const { id } = (
      await call(people.owner.cookie, 'POST', '/api/conversations', { title: 'Private' })
    ).json();
    await call(people.owner.cookie, 'POST', `/api/conversations/${id}/messages`, {
      role: 'user',
      content: 'Only mine',
    });
    const { shareableId } = (
      await call(people.owner.cookie, 'POST', `/api/conversations/${id}/share`)
    ).json();
    const [before] = await t.database.db.select().from(shares).where(eq(shares.conversationId, id));

    const attempts = [
      call(people.other.cookie, 'POST', `/api/conversations/${id}/share`),
      call(people.other.cookie, 'DELETE', `/api/conversations/${id}/share`),
      call(people.other.cookie, 'GET', `/api/conversations/${id}`),
      call(people.other.cookie, 'POST', `/api/conversations/${id}/messages`, {
        role: 'user',
        content: 'Mine now',
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Only mine');
    }

    const [after] = await t.database.db.select().from(shares).where(eq(shares.conversationId, id));
    expect(after).toEqual(before);
    expect(
      (await t.database.db.select().from(messages).where(eq(messages.conversationId, id))).map(
        (m) => m.content,
      ),
    ).toEqual(['Only mine']);
    const view = await call(null, 'GET', `/api/shared/${shareableId}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().messages.map((m: { content: string }) => m.content)).toEqual(['Only mine']);
    const listed = (await call(people.owner.cookie, 'GET', '/api/conversations')).json().active;
    expect(listed.find((c: { id: string }) => c.id === id)).toMatchObject({ shareableId });
  });
});

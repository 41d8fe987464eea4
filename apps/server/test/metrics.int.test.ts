import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userLimits } from '../src/db/schema.ts';
import { communityMember, send } from './support/community-fixtures.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const METRICS_TOKEN = 'scrape-token-for-the-tests-0123456789abcdef';
const NOTE = [
  'The Constitution is not a mere lawyers document, it is a vehicle of Life.',
  'Equality may be a fiction but nonetheless one must accept it as the governing principle.',
  'Cultivation of mind should be the ultimate aim of human existence.',
].join('\n\n');

let t: TestApp;
let admin: { id: string; cookie: string; token: string };
let member: { cookie: string };

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN, COMMUNITY_POSTS_PER_HOUR: '1' });
  const adminUser = await insertUser(t.database.db, { role: 'admin' });
  const session = await signIn(t.database.db, t.config, adminUser.id, t.clock.now());
  admin = { id: adminUser.id, cookie: session.cookie, token: session.token };
  const memberUser = await insertUser(t.database.db);
  member = await signIn(t.database.db, t.config, memberUser.id, t.clock.now());
});
afterAll(() => t?.close());

const scrapeAs = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/metrics', headers });

/** The exposition text, read with the scrape token. */
async function scrape(): Promise<string> {
  const res = await scrapeAs({ authorization: `Bearer ${METRICS_TOKEN}` });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of the series `name` whose labels include `labels`; 0 when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [
        pair[1],
        pair[2],
      ]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return 0;
}

/** How much each named series grows while `act` runs. */
async function growth(series: [string, Record<string, string>?][], act: () => Promise<void>) {
  const before = await scrape();
  await act();
  const after = await scrape();
  return series.map(([name, labels]) => sample(after, name, labels) - sample(before, name, labels));
}

const chat = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: { origin: t.config.publicUrl, ...headers },
    payload,
  });

async function upload(name: string, text: string) {
  const form = new FormData();
  form.append('files', new Blob([text]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/documents',
    headers: {
      origin: t.config.publicUrl,
      cookie: admin.cookie,
      'content-type': request.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('GET /api/metrics', () => {
  it('answers the scrape token and admins, and refuses everyone else', async () => {
    const visitor = await scrapeAs({});
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('unauthorized');
    const asMember = await scrapeAs({ cookie: member.cookie });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().error.code).toBe('forbidden');
    for (const wrong of [`${METRICS_TOKEN}x`, METRICS_TOKEN.slice(1), 'short']) {
      const res = await scrapeAs({ authorization: `Bearer ${wrong}` });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
    // A wrong token stands in place of the member's cookie: no session, so 401.
    expect(
      (await scrapeAs({ authorization: 'Bearer nope', cookie: member.cookie })).statusCode,
    ).toBe(401);

    for (const headers of [
      { authorization: `Bearer ${METRICS_TOKEN}` } as Record<string, string>,
      { cookie: admin.cookie },
      { authorization: `Bearer ${admin.token}` },
    ]) {
      const res = await scrapeAs(headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('# TYPE samvad_http_request_duration_seconds histogram');
      expect(res.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    }
  });

  it('treats the scrape token as no session anywhere else', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toBeNull();
  });

  it('without METRICS_TOKEN, is for admins only', async () => {
    const other = await createTestApp();
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.statusCode).toBe(401);
      // Its own registry: this app has served no chat, whatever the other one did.
      const adminUser = await insertUser(other.database.db, { role: 'admin' });
      const { cookie } = await signIn(other.database.db, other.config, adminUser.id);
      const own = await other.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { cookie },
      });
      expect(own.statusCode).toBe(200);
      expect(sample(own.body, 'samvad_chat_time_to_first_token_seconds_count')).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('request metrics', () => {
  it('times requests by route pattern, method and status, never by the raw URL', async () => {
    const id = randomUUID();
    const route = { route: '/api/conversations/:id', method: 'GET', status_code: '404' };
    const unmatched = { route: 'unmatched', method: 'GET', status_code: '404' };
    const session = { route: '/api/auth/session', method: 'GET', status_code: '200' };
    const [byPattern, byUnmatched, bySession] = await growth(
      [
        ['samvad_http_request_duration_seconds_count', route],
        ['samvad_http_request_duration_seconds_count', unmatched],
        ['samvad_http_request_duration_seconds_count', session],
      ],
      async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/conversations/${id}`,
          headers: { cookie: member.cookie },
        });
        expect(res.statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url: `/api/no-such-${id}` })).statusCode).toBe(
          404,
        );
        await t.app.inject({ method: 'GET', url: '/api/auth/session' });
        await t.app.inject({ method: 'GET', url: '/api/auth/session' });
      },
    );
    expect([byPattern, byUnmatched, bySession]).toEqual([1, 1, 2]);
    expect(await scrape()).not.toContain(id);
  });
});

describe('chat metrics', () => {
  it('times the first token, the pace and the retrieval of each answer, streamed or whole', async () => {
    const extractive = { answerer: 'extractive' };
    const series: [string, Record<string, string>?][] = [
      ['samvad_chat_time_to_first_token_seconds_count', extractive],
      ['samvad_chat_tokens_per_second_count', extractive],
      ['samvad_retrieval_duration_seconds_count'],
      ['samvad_chat_time_to_first_token_seconds_count', { answerer: 'llm' }],
    ];
    // A knowledge base with something in it: an empty one answers before any search (issue 20).
    expect(
      await upload(`chat-metrics-${randomUUID()}.txt`, 'Educate, agitate and organise.'),
    ).toContain('"status":"ingested"');
    const streamed = await growth(series, async () => {
      const res = await chat({ question: 'What is the aim of human existence?' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    });
    expect(streamed).toEqual([1, 1, 1, 0]);
    const whole = await growth(series, async () => {
      const res = await chat(
        { question: 'Is equality a fiction?' },
        { accept: 'application/json' },
      );
      expect(res.statusCode).toBe(200);
    });
    expect(whole).toEqual([1, 1, 1, 0]);
    // Every stream has ended.
    expect(sample(await scrape(), 'samvad_chat_active_streams')).toBe(0);
  });

  it('counts 429s by the type of the limit', async () => {
    const user = await insertUser(t.database.db);
    await t.database.db.insert(userLimits).values({ userId: user.id, maxRequestsPerDay: 1 });
    const { cookie } = await signIn(t.database.db, t.config, user.id, t.clock.now());
    const poster = await communityMember(t);
    expect(
      await upload(
        `limits-${randomUUID()}.txt`,
        'Educate, agitate and organise: the three words of the last advice.',
      ),
    ).toContain('"status":"ingested"');
    const [requests, posts, messages] = await growth(
      [
        ['samvad_limit_refusals_total', { type: 'request' }],
        ['samvad_limit_refusals_total', { type: 'post' }],
        ['samvad_limit_refusals_total', { type: 'message' }],
      ],
      async () => {
        // Questions the writings cover: a 'not covered' answer costs no unit (issue #29).
        const covered = { question: 'Why educate, agitate and organise?' };
        expect((await chat(covered, { cookie })).statusCode).toBe(200);
        const refused = await chat(covered, { cookie });
        expect(refused.statusCode).toBe(429);
        expect(refused.json().type).toBe('request');
        const post = () =>
          send(t, poster, 'POST', '/api/community/posts', { content: 'A thought', isQuote: false });
        expect((await post()).statusCode).toBe(201);
        expect((await post()).statusCode).toBe(429);
      },
    );
    expect([requests, posts, messages]).toEqual([1, 1, 0]);
  });
});

describe('ingestion metrics', () => {
  it('counts documents by outcome, with their chunks, and the index gauges follow', async () => {
    const series: [string, Record<string, string>?][] = [
      ['samvad_ingestion_documents_total', { outcome: 'ingested' }],
      ['samvad_ingestion_documents_total', { outcome: 'skipped' }],
      ['samvad_ingestion_documents_total', { outcome: 'failed' }],
      ['samvad_ingestion_chunks_total'],
      ['samvad_ingestion_pages_total'],
      ['samvad_knowledge_index_documents'],
      ['samvad_knowledge_index_chunks'],
    ];
    const name = `note-${randomUUID()}.txt`;
    const first = await growth(series, async () => {
      expect(await upload(name, NOTE)).toContain('"status":"ingested"');
    });
    const [ingested, skipped, failed, chunks, pages, indexDocuments, indexChunks] = first;
    expect([ingested, skipped, failed, pages, indexDocuments]).toEqual([1, 0, 0, 0, 1]);
    expect(chunks).toBeGreaterThan(0);
    expect(indexChunks).toBe(chunks);

    const again = await growth(series, async () => {
      await upload(name, NOTE);
      expect(await upload(`blank-${randomUUID()}.txt`, ' \n\n ')).toContain('"status":"failed"');
    });
    expect(again).toEqual([0, 1, 1, 0, 0, 0, 0]);
  });
});

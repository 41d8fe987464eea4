import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // A route that exists only in this test: a fault the app did not foresee.
  t.app.get('/api/test/fault', async () => {
    throw new Error('an unforeseen fault');
  });
});
afterAll(() => t?.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { origin: t.config.publicUrl, ...headers },
    payload,
  });

describe('x-request-id', () => {
  it('is on every response: JSON, 404, 400, 401, 500, a chat stream, web pages', async () => {
    const responses = {
      json: await t.app.inject({ method: 'GET', url: '/api/health' }),
      notFound: await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      badRequest: await post('/api/chat', { question: '' }),
      unauthorized: await t.app.inject({ method: 'GET', url: '/api/metrics' }),
      fault: await t.app.inject({ method: 'GET', url: '/api/test/fault' }),
      stream: await post('/api/chat', { question: 'What is equality?' }),
      page: await t.app.inject({ method: 'GET', url: '/chat' }),
      asset: await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' }),
    };
    const statuses = Object.fromEntries(
      Object.entries(responses).map(([name, res]) => [name, res.statusCode]),
    );
    expect(statuses).toEqual({
      json: 200,
      notFound: 404,
      badRequest: 400,
      unauthorized: 401,
      fault: 500,
      stream: 200,
      page: 200,
      asset: 200,
    });
    expect(responses.stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const ids = Object.values(responses).map((res) => res.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is on the typed 400 for a URL the router cannot decode', async () => {
    for (const url of ['/api/conversations/%E0%A4%A', '/%E0%A4%A']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'x-request-id': 'bad-url-1' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'bad_request', message: expect.stringContaining('%-escape') },
      });
      expect(res.headers['x-request-id']).toBe('bad-url-1');
    }
  });

  it('echoes a well-formed id the client sends, and replaces any other', async () => {
    const given = 'client-trace_42-abc';
    for (const url of ['/api/health', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id']).toBe(given);
    }
    const streamed = await post('/api/chat', { question: 'Hello?' }, { 'x-request-id': given });
    expect(streamed.headers['x-request-id']).toBe(given);
    for (const bad of ['has spaces in it', 'x'.repeat(65), 'semi;colon', '<script>']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': bad },
      });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });
});

describe('request logs', () => {
  const lines: string[] = [];
  let logging: TestApp;

  beforeAll(async () => {
    logging = await createTestApp({ LOG_LEVEL: 'info' }, { logLines: lines });
  });
  afterAll(() => logging?.close());

  it('are one JSON line per request carrying the id the client got', async () => {
    const res = await logging.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const id = res.headers['x-request-id'];
    const logged = lines
      .map((line) => JSON.parse(line) as { reqId?: string; msg: string })
      .filter((entry) => entry.reqId === id);
    // One line per request, when it ends, saying what was asked and how it went.
    expect(logged).toEqual([
      expect.objectContaining({
        msg: 'request',
        method: 'GET',
        url: '/api/no-such-route',
        statusCode: 404,
        ms: expect.any(Number),
      }),
    ]);
  });
});

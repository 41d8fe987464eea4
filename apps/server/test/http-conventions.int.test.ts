import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/http/app-error.ts';
import { createTestApp, TEST_INDEX_HTML, type TestApp } from './support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Routes that exist only in this test, to drive the shared error handling.
  const app = t.app.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/test/echo',
    { schema: { body: z.object({ title: z.string().min(1), count: z.number().int() }) } },
    async (request) => request.body,
  );
  app.get('/api/test/crash', async () => {
    throw new Error('database password is hunter2', { cause: new Error('deep detail') });
  });
  app.get('/api/test/conflict', async () => {
    throw new AppError('conflict', 'That username is taken.');
  });
});
afterAll(() => t.close());

describe('errors', () => {
  it('answers an unknown /api path with a JSON 404 for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/nope?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({
        error: { code: 'not_found', message: `Nothing matches ${method} /api/nope` },
      });
    }
  });

  it('names the bad field in a validation error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: '', count: 1.5 },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.message).toContain('body.title');
    expect(error.message).toContain('body.count');
  });

  it('refuses malformed JSON, a wrong content type and an oversized body with 4xx JSON', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('bad_request');

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-something' },
      payload: 'title=x',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error.code).toBe('unsupported_media_type');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: 'x'.repeat(2 * 1024 * 1024), count: 1 },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toEqual({
      code: 'payload_too_large',
      message: 'The request body is too large.',
    });
  });

  it('maps an AppError code to its status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'conflict', message: 'That username is taken.' } });
  });

  it('hides the details of a server fault', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal');
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('deep detail');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('web app fallback', () => {
  it.each([
    '/',
    '/chat',
    '/chat/?c=1',
    '/share/abc',
    '/admin?tab=logs',
    '/banned?reason=x',
    '/donate',
    '/auth/google/callback?code=c&state=s',
    '/community',
    '/community/profile/asha',
    '/community/collections/create',
    '/sources/abc?chunk=abc-3',
  ])('serves index.html at %s with 200', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(TEST_INDEX_HTML);
  });

  // Issue 20: the browser still shows its not-found card, and the status says what it is.
  it.each(['/no-such-page', '/some/deep/link?x=1', '/community/nope', '/share'])(
    'serves index.html at %s with 404',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(TEST_INDEX_HTML);
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(404);
    },
  );

  it('sends /auth, which the spec links to, to the sign-in entry', async () => {
    for (const [url, location] of [
      ['/auth', '/'],
      ['/auth/', '/'],
      ['/auth?next=chat', '/?next=chat'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(location);
    }
  });

  it('answers a missing asset with a 404 error, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-1a2b3c.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('serves hashed assets with a long cache and a 404 for missing ones', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toBe('console.log("app")');
  });

  it('sends the precompressed copy the browser accepts, for the app and its assets', async () => {
    for (const url of ['/chat', '/assets/app-1a2b3c.js']) {
      const br = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      const gzip = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      const expected = url === '/chat' ? TEST_INDEX_HTML : 'console.log("app")';
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(expected);
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(expected);
    }
  });

  it('does not answer a POST to a page path with the app', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/chat' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/chat' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('OpenAPI', () => {
  it('generates the document from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/auth/session', '/api/persona']),
    );
    const session = doc.paths['/api/auth/session'].get.responses['200'].content['application/json'];
    expect(session.schema.properties).toHaveProperty('banned');
  });

  it('serves a docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});

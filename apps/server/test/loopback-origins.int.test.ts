import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_INDEX_HTML, type TestApp } from './support/test-app.ts';

/**
 * Issue 20: `npm start` listens on localhost, which answers as 127.0.0.1 too. In development
 * the loopback names of PUBLIC_URL are one origin: pages opened on another name go to
 * PUBLIC_URL's (where the sign-in cookie and redirect live), and writes from it are accepted.
 */
const PUBLIC_URL = 'http://localhost:3000';
const COOKIE = { cookie: 'samvad_session=nothing' };

describe('in development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'development', PUBLIC_URL });
  });
  afterAll(() => t.close());
  const get = (url: string, host: string) =>
    t.app.inject({ method: 'GET', url, headers: { host } });

  it("sends a page opened on another loopback name to the same path on PUBLIC_URL's", async () => {
    for (const host of ['127.0.0.1:3000', '[::1]:3000']) {
      const res = await get('/chat?c=abc', host);
      expect(res.statusCode, host).toBe(302);
      expect(res.headers.location).toBe(`${PUBLIC_URL}/chat?c=abc`);
    }
    const unknown = await get('/no-such-page', '127.0.0.1:3000');
    expect(unknown.headers.location).toBe(`${PUBLIC_URL}/no-such-page`);
  });

  it('sends the sign-in start there too: its flow cookie must be on the callback’s host', async () => {
    const res = await get('/api/auth/google/start', '127.0.0.1:3000');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${PUBLIC_URL}/api/auth/google/start`);
  });

  it("serves PUBLIC_URL's own name, other ports and API calls where they are", async () => {
    const own = await get('/chat', 'localhost:3000');
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe(TEST_INDEX_HTML);
    // Another port is another server (Vite's dev server, a second instance).
    expect((await get('/chat', '127.0.0.1:5173')).statusCode).toBe(200);
    const api = await get('/api/persona', '127.0.0.1:3000');
    expect(api.statusCode).toBe(200);
  });

  it('accepts writes from any loopback name of the same port, and no other origin', async () => {
    const signOut = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signout',
        headers: { origin, ...COOKIE },
      });
    for (const origin of [PUBLIC_URL, 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect((await signOut(origin)).statusCode, origin).toBe(200);
    }
    for (const origin of ['http://127.0.0.1:3001', 'https://127.0.0.1:3000', 'http://evil.test']) {
      const refused = await signOut(origin);
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.json().error.code).toBe('forbidden');
    }
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL });
  });
  afterAll(() => t.close());

  it('keeps origins exactly as configured: no redirect, no alias accepted', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/chat',
      headers: { host: '127.0.0.1:3000' },
    });
    expect(page.statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { origin: 'http://127.0.0.1:3000', ...COOKIE },
    });
    expect(write.statusCode).toBe(403);
  });
});

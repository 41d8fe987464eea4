import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '../src/services/admin-auth-service.ts';
import { ingestFile } from '../src/services/ingestion-service.ts';
import { type OidcTestProvider, startOidcTestProvider } from './support/oidc-test-provider.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const HTTPS_URL = 'https://samvad.example.org';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** `Set-Cookie` lines of a response, as an array. */
const setCookies = (header: string | string[] | undefined) =>
  Array.isArray(header) ? header : header ? [header] : [];

/** A cookie's attributes (lower-cased names) from its `Set-Cookie` line. */
function cookieAttributes(line: string) {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const name = pair.slice(0, pair.indexOf('='));
  const value = decodeURIComponent(pair.slice(pair.indexOf('=') + 1));
  const flags = new Map(
    attributes.map((attribute) => {
      const [key = '', ...rest] = attribute.split('=');
      return [key.toLowerCase(), rest.join('=')] as const;
    }),
  );
  return { name, value, flags };
}

function cookieNamed(header: string | string[] | undefined, name: string) {
  const line = setCookies(header).find((cookie) => cookie.startsWith(`${name}=`));
  expect(line, `Set-Cookie ${name}`).toBeDefined();
  return cookieAttributes(line ?? '');
}

function cspDirectives(header: unknown) {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources] as const),
  );
}

describe('security headers on HTML pages and API answers', () => {
  it('sends a strict CSP, nosniff, a referrer policy and framing refusal on the web app', async () => {
    t = await createTestApp({});
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = cspDirectives(page.headers['content-security-policy']);
    const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? [];
    expect(scriptSrc).toEqual(["'self'"]);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-powered-by']).toBeUndefined();

    // The API answers carry the same headers (an error page or JSON opened directly is inert).
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(String(api.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('keeps script-src free of unsafe-inline when Google Identity Services is allowed', async () => {
    t = await createTestApp({ GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com' });
    const page = await t.app.inject({ method: 'GET', url: '/chat' });
    const csp = cspDirectives(page.headers['content-security-policy']);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('sends HSTS when the public URL is https, directly and behind a TLS-terminating proxy', async () => {
    t = await createTestApp({ PUBLIC_URL: HTTPS_URL, TRUST_PROXY: 'true' });
    const direct = await t.app.inject({ method: 'GET', url: '/' });
    const hsts = String(direct.headers['strict-transport-security']);
    expect(hsts).toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
    expect(hsts).toContain('includeSubDomains');
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.4' },
    });
    expect(proxied.headers['strict-transport-security']).toBe(hsts);
  });
});

describe('uploaded originals', () => {
  it('serves an ingested HTML file under a sandboxing CSP, never as a page of the app', async () => {
    t = await createTestApp({});
    const html =
      '<!doctype html><html><head><title>Trap</title><script>fetch("/api/auth/session")</script></head>' +
      '<body><p>The annihilation of caste and the trap document.</p><img src=x onerror=alert(1)></body></html>';
    const outcome = await ingestFile(
      {
        db: t.database.db,
        files: t.knowledge.files,
        maxFileBytes: t.config.knowledge.maxFileBytes,
      },
      { fileName: 'trap.html', bytes: new TextEncoder().encode(html) },
    );
    expect(outcome.status).toBe('ingested');
    if (outcome.status !== 'ingested') return;

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${outcome.document.id}/file`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(html);
    const contentType = String(res.headers['content-type']);
    const csp = cspDirectives(res.headers['content-security-policy']);
    // Either inert text, or HTML in a sandbox with no script and no requests of its own.
    if (!contentType.startsWith('text/plain')) {
      expect(csp.has('sandbox')).toBe(true);
      expect(csp.get('sandbox')).toEqual([]);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.has('script-src')).toBe(false);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''trap.html");
  });
});

describe('cookie flags', () => {
  let provider: OidcTestProvider;
  beforeAll(async () => {
    provider = await startOidcTestProvider({
      clientId: 'samvad-test-client',
      clientSecret: 'samvad-test-secret',
      redirectUris: [`${HTTPS_URL}/auth/google/callback`],
      accounts: [{ sub: 'reader', email: 'reader@example.com', email_verified: true, name: 'R' }],
    });
  });
  afterAll(() => provider.close());

  for (const publicUrl of ['http://127.0.0.1:4321', HTTPS_URL]) {
    const secure = publicUrl.startsWith('https:');
    it(`sets HttpOnly, SameSite=Lax, Path=/, signed cookies${secure ? ', Secure' : ''} (${publicUrl})`, async () => {
      t = await createTestApp({
        PUBLIC_URL: publicUrl,
        OIDC_ISSUER: provider.issuer,
        GOOGLE_CLIENT_ID: 'samvad-test-client',
        GOOGLE_CLIENT_SECRET: 'samvad-test-secret',
        ADMIN_USERNAME: 'root-admin',
        ADMIN_PASSWORD: 'a long enough admin passphrase',
      });
      await bootstrapAdmin(t.database.db, {
        username: 'root-admin',
        password: 'a long enough admin passphrase',
      });
      const expectFlags = (cookie: ReturnType<typeof cookieAttributes>, maxAge: boolean) => {
        expect(cookie.flags.has('httponly')).toBe(true);
        expect(cookie.flags.get('samesite')?.toLowerCase()).toMatch(/^(lax|strict)$/);
        expect(cookie.flags.get('path')).toBe('/');
        expect(cookie.flags.has('domain')).toBe(false);
        expect(cookie.flags.has('secure')).toBe(secure);
        if (maxAge) expect(Number(cookie.flags.get('max-age'))).toBeGreaterThan(0);
        // Signed by @fastify/cookie: value.signature, which the server verifies on every read.
        expect(cookie.value).toMatch(/\.[A-Za-z0-9+/_-]{20,}={0,2}$/);
      };

      // The session cookie, set at the admin login (and the same helper at every sign-in).
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { origin: publicUrl },
        payload: { username: 'root-admin', password: 'a long enough admin passphrase' },
      });
      expect(login.statusCode).toBe(200);
      const session = cookieNamed(login.headers['set-cookie'], t.config.sessions.cookieName);
      expectFlags(session, true);
      // On https the __Host- prefix pins it to this host, Secure and Path=/.
      expect(session.name).toBe(secure ? '__Host-samvad_session' : 'samvad_session');
      // A cookie whose signature was tampered with counts as none.
      const forged = `${session.name}=${encodeURIComponent(`${session.value.split('.')[0]}.AAAA`)}`;
      const who = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: forged },
      });
      expect(who.json().user).toBeNull();

      // The guest cookie, set on a visitor's first question.
      const chat = await t.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: { origin: publicUrl, accept: 'application/json' },
        payload: { question: 'What is caste?', chat_history: [], detected_language: 'en' },
      });
      expect(chat.statusCode).toBeLessThan(500);
      expectFlags(cookieNamed(chat.headers['set-cookie'], 'samvad_guest'), true);

      // The OIDC flow cookie (state, nonce, PKCE verifier), short-lived.
      const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
      expect(start.statusCode).toBe(302);
      const flow = cookieNamed(start.headers['set-cookie'], 'samvad_oidc');
      expectFlags(flow, true);
      expect(Number(flow.flags.get('max-age'))).toBeLessThanOrEqual(600);
    });
  }
});

describe('logs', () => {
  const lines: string[] = [];
  let logging: TestApp;
  const ADMIN_PASSWORD = 'log-secret-passphrase-4711';
  const BEARER = 'bearer-secret-token-0815';
  const COOKIE_SECRET = 'cookie-secret-value-2342';

  beforeAll(async () => {
    // The most the app can log: every request, response and refusal.
    logging = await createTestApp({ LOG_LEVEL: 'trace' }, { logLines: lines });
    await bootstrapAdmin(logging.database.db, { username: 'log-admin', password: ADMIN_PASSWORD });
  });
  afterAll(() => logging?.close());

  it('never carries cookies, authorization headers, passwords or tokens', async () => {
    const origin = 'http://localhost:3000';
    const headers = {
      origin,
      cookie: `samvad_session=${COOKIE_SECRET}; samvad_guest=${COOKIE_SECRET}`,
      authorization: `Bearer ${BEARER}`,
    };
    await logging.app.inject({ method: 'GET', url: '/api/auth/session', headers });
    // A good login, a wrong one, a malformed body with the password in it, and a too-short one.
    const good = await logging.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin },
      payload: { username: 'log-admin', password: ADMIN_PASSWORD },
    });
    expect(good.statusCode).toBe(200);
    await logging.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin, cookie: headers.cookie },
      payload: { username: 'log-admin', password: `${ADMIN_PASSWORD}-wrong` },
    });
    await logging.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin, 'content-type': 'application/json' },
      payload: `{"username":"log-admin","password":"${ADMIN_PASSWORD}"`,
    });
    await logging.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: {
        origin,
        cookie: String(good.headers['set-cookie']).split(';')[0] ?? '',
      },
      payload: { currentPassword: ADMIN_PASSWORD, newPassword: `${ADMIN_PASSWORD}x` },
    });
    await logging.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      headers: { origin, cookie: headers.cookie },
      payload: { token: BEARER },
    });
    await logging.app.inject({ method: 'GET', url: '/chat', headers });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    // The requests are there, their secrets are not.
    expect(log).toContain('/api/admin/login');
    for (const secret of [ADMIN_PASSWORD, BEARER, COOKIE_SECRET]) {
      expect(log).not.toContain(secret);
    }
    const sessionToken = String(good.headers['set-cookie']).split(';')[0]?.split('=')[1] ?? '';
    expect(sessionToken.length).toBeGreaterThan(20);
    expect(log).not.toContain(sessionToken);
    expect(log).not.toContain(decodeURIComponent(sessionToken).split('.')[0]);
  });
});

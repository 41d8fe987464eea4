import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../src/repositories/user-repository.ts';
import {
  followRedirects,
  type OidcTestProvider,
  startOidcTestProvider,
} from './support/oidc-test-provider.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'http://127.0.0.1:4321';
const CALLBACK = `${PUBLIC_URL}/auth/google/callback`;
const PUBLIC_HOST = new URL(PUBLIC_URL).host;
const CLIENT = { clientId: 'samvad-test-client', clientSecret: 'samvad-test-secret' };

let provider: OidcTestProvider;
let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  provider = await startOidcTestProvider({
    ...CLIENT,
    redirectUris: ['http://127.0.0.1/auth/google/callback'],
    accounts: [
      {
        sub: 'ambedkar-reader',
        email: 'reader@example.com',
        email_verified: true,
        name: 'A Reader',
        picture: 'https://example.com/a.png',
      },
      {
        sub: 'unverified',
        email: 'unverified@example.com',
        email_verified: false,
        name: 'Not Verified',
      },
    ],
  });
  t = await createTestApp(
    {
      OIDC_ISSUER: provider.issuer,
      GOOGLE_CLIENT_ID: CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
      PUBLIC_URL,
      LOG_LEVEL: 'warn',
    },
    { logLines },
  );
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const cookiesOf = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/** Start → provider → back at the callback page URL, as a browser would travel. */
async function signInAtProvider(account: string, host = PUBLIC_HOST) {
  const start = await t.app.inject({
    method: 'GET',
    url: '/api/auth/google/start',
    headers: { host },
  });
  expect(start.statusCode).toBe(302);
  const location = String(start.headers.location);
  expect(location.startsWith(provider.issuer)).toBe(true);
  const authorize = new URL(location);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toBe(CALLBACK);
  provider.loginAs(account);
  const { url } = await followRedirects(location, { stopAt: CALLBACK });
  return { callback: url, flowCookie: cookiesOf(start.headers['set-cookie']) };
}

const exchange = (callback: URL, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/google/callback',
    headers: { cookie, origin: PUBLIC_URL, host: PUBLIC_HOST },
    payload: {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
      iss: callback.searchParams.get('iss') ?? undefined,
    },
  });

describe('redirect sign-in through a real OIDC provider', () => {
  it('signs in, creates the user from the claims and sets a session', async () => {
    const { callback, flowCookie } = await signInAtProvider('ambedkar-reader');
    const res = await exchange(callback, flowCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: 'reader@example.com',
      name: 'A Reader',
      image: 'https://example.com/a.png',
      role: 'user',
    });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookiesOf(res.headers['set-cookie']) },
    });
    expect(session.json().user.email).toBe('reader@example.com');

    // The same code cannot be used twice.
    expect((await exchange(callback, flowCookie)).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('refuses a mismatched state and a missing flow cookie, naming the address to use', async () => {
    const { callback, flowCookie } = await signInAtProvider('ambedkar-reader');
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'not-the-state');
    const wrongAddress = `Sign-in must start and finish on ${PUBLIC_URL} (this server's PUBLIC_URL); open the app there and try again.`;
    for (const res of [await exchange(tampered, flowCookie), await exchange(callback, '')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(wrongAddress);
    }
    // The log says it too, for whoever runs the server.
    const warnings = logLines.filter((line) => line.includes(wrongAddress));
    expect(warnings.some((line) => line.includes('"flowCookie":"missing"'))).toBe(true);
    expect(warnings.some((line) => line.includes('"flowCookie":"another sign-in"'))).toBe(true);
  });

  it('logs which address to use when sign-in starts on another host than PUBLIC_URL', async () => {
    logLines.length = 0;
    await signInAtProvider('ambedkar-reader');
    expect(logLines.filter((line) => line.includes('PUBLIC_URL'))).toEqual([]);

    // The server's LAN address for PUBLIC_URL's name (loopback names are one origin outside
    // production, and redirected there): the flow cookie stays with the address sign-in began
    // on, and the provider returns to PUBLIC_URL, where the browser does not send it.
    const { callback } = await signInAtProvider('ambedkar-reader', '10.0.0.5:4321');
    const warning = logLines.find((line) => line.includes('sign-in started on 10.0.0.5:4321'));
    expect(warning).toContain(`open the app there and try again`);
    expect(warning).toContain(`must start and finish on ${PUBLIC_URL}`);
    const res = await exchange(callback, '');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(`must start and finish on ${PUBLIC_URL}`);
  });

  it('refuses an unverified email', async () => {
    const { callback, flowCookie } = await signInAtProvider('unverified');
    const res = await exchange(callback, flowCookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toContain('not verified');
  });

  it('refuses a banned user a session, but keeps their identity for the banned screen', async () => {
    const first = await signInAtProvider('ambedkar-reader');
    const signedIn = await exchange(first.callback, first.flowCookie);
    const user = signedIn.json().user;
    const memberCookie = cookiesOf(signedIn.headers['set-cookie']);
    await updateUser(t.database.db, user.id, { banned: true, banReason: 'Abuse of the chat' });
    try {
      const again = await signInAtProvider('ambedkar-reader');
      // The browser still presents the session from before the ban: it is ended, not kept.
      const res = await exchange(again.callback, `${again.flowCookie}; ${memberCookie}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        banned: true,
        reason: 'Abuse of the chat',
        user: { email: 'reader@example.com', banned: true, banReason: 'Abuse of the chat' },
      });
      const setCookies = [res.headers['set-cookie'] ?? []].flat();
      const sessionCookie = setCookies.find((c) =>
        c.startsWith(`${t.config.sessions.cookieName}=`),
      );
      expect(sessionCookie).toMatch(/^[^=]+=;/); // cleared, never a new token
      const bannedCookie = cookiesOf(setCookies.filter((c) => c.startsWith('samvad_banned=')));
      expect(bannedCookie).not.toBe('');

      // The session call names the banned account (email and reason) from that cookie alone...
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: bannedCookie },
      });
      expect(session.statusCode).toBe(403);
      expect(session.json()).toMatchObject({
        banned: true,
        reason: 'Abuse of the chat',
        user: { email: 'reader@example.com' },
      });
      // ...which gives no access: the old session is gone and the cookie is no session.
      for (const cookie of [bannedCookie, memberCookie]) {
        const list = await t.app.inject({
          method: 'GET',
          url: '/api/conversations',
          headers: { cookie },
        });
        expect(list.statusCode).toBe(401);
      }

      // Once the ban is lifted, the browser is a visitor again and forgets the banned identity.
      await updateUser(t.database.db, user.id, { banned: false, banReason: null });
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: bannedCookie },
      });
      expect(after.json()).toEqual({ user: null, banned: false });
      expect(String(after.headers['set-cookie'])).toMatch(/^samvad_banned=;/);
    } finally {
      await updateUser(t.database.db, user.id, { banned: false, banReason: null });
    }
  });

  it('refuses chat, limits and shares to a banned member who signed in again, not as a guest', async () => {
    const first = await signInAtProvider('ambedkar-reader');
    const signedIn = await exchange(first.callback, first.flowCookie);
    const user = signedIn.json().user;
    const memberCookie = cookiesOf(signedIn.headers['set-cookie']);
    await updateUser(t.database.db, user.id, { banned: true, banReason: 'Spam' });
    try {
      const again = await signInAtProvider('ambedkar-reader');
      const res = await exchange(again.callback, `${again.flowCookie}; ${memberCookie}`);
      expect(res.statusCode).toBe(403);
      // Every cookie the browser now holds: the ended session's and the banned identity.
      const browser = [memberCookie, cookiesOf(res.headers['set-cookie'])].join('; ');
      const chat = await t.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: { cookie: browser, origin: PUBLIC_URL, accept: 'application/json' },
        payload: { question: 'What is caste?' },
      });
      expect(chat.statusCode).toBe(403);
      expect(chat.json()).toMatchObject({ banned: true, reason: 'Spam' });
      const limits = await t.app.inject({
        method: 'GET',
        url: '/api/user/rate-limits',
        headers: { cookie: browser },
      });
      expect(limits.statusCode).toBe(403);

      // A browser without that cookie is an ordinary guest, and so is this one once the ban ends.
      const guest = await t.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: { origin: PUBLIC_URL, accept: 'application/json' },
        payload: { question: 'What is caste?' },
      });
      expect(guest.statusCode).toBe(200);
      await updateUser(t.database.db, user.id, { banned: false, banReason: null });
      const lifted = await t.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: { cookie: browser, origin: PUBLIC_URL, accept: 'application/json' },
        payload: { question: 'What is caste?' },
      });
      expect(lifted.statusCode).toBe(200);
    } finally {
      await updateUser(t.database.db, user.id, { banned: false, banReason: null });
    }
  });

  it('a banned identity is forgotten at sign-out, and is no more than a name', async () => {
    const first = await signInAtProvider('ambedkar-reader');
    const user = (await exchange(first.callback, first.flowCookie)).json().user;
    await updateUser(t.database.db, user.id, { banned: true, banReason: null });
    try {
      const again = await signInAtProvider('ambedkar-reader');
      const res = await exchange(again.callback, again.flowCookie);
      const bannedCookie = cookiesOf(
        [res.headers['set-cookie'] ?? []].flat().filter((c) => c.startsWith('samvad_banned=')),
      );
      // A forged identity (another user's id, unsigned) names nobody.
      const forged = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: `samvad_banned=${user.id}` },
      });
      expect(forged.json()).toEqual({ user: null, banned: false });

      const signOut = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signout',
        headers: { cookie: bannedCookie, origin: PUBLIC_URL },
      });
      expect(signOut.statusCode).toBe(200);
      expect([signOut.headers['set-cookie'] ?? []].flat().join('\n')).toMatch(/^samvad_banned=;/m);
    } finally {
      await updateUser(t.database.db, user.id, { banned: false, banReason: null });
    }
  });
});

describe('POST /api/auth/google (ID token)', () => {
  const post = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      headers: { origin: PUBLIC_URL },
      payload: { token },
    });

  it('accepts a valid token and refuses wrong audience, expired and badly signed ones', async () => {
    const valid = await post(await provider.signIdToken({ sub: 'ambedkar-reader' }));
    expect(valid.statusCode).toBe(200);
    expect(valid.json().user.email).toBe('reader@example.com');

    for (const token of [
      await provider.signIdToken({}, { audience: 'someone-else' }),
      await provider.signIdToken({}, { expiresIn: -60 }),
      await provider.signIdToken({}, { key: 'other' }),
    ]) {
      const res = await post(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('The sign-in token is not valid.');
    }
  });

  it('refuses a token with a valid signature from another issuer', async () => {
    // A second, real provider: its issuer is a genuine other identity provider. The token is
    // signed with the configured provider's own key, so only the issuer check can refuse it.
    const second = await startOidcTestProvider({
      ...CLIENT,
      redirectUris: ['http://127.0.0.1/auth/google/callback'],
    });
    try {
      for (const issuer of [second.issuer, 'https://accounts.google.com', `${provider.issuer}/x`]) {
        const res = await post(await provider.signIdToken({ sub: 'ambedkar-reader' }, { issuer }));
        expect(res.statusCode, issuer).toBe(401);
        expect(res.json().error.message).toBe('The sign-in token is not valid.');
        expect(res.headers['set-cookie'] ?? '').not.toContain(t.config.sessions.cookieName);
      }
    } finally {
      await second.close();
    }
  });

  it('refuses an unverified email in the token', async () => {
    const res = await post(
      await provider.signIdToken({
        sub: 'unverified',
        email: 'unverified@example.com',
        email_verified: false,
      }),
    );
    expect(res.statusCode).toBe(403);
  });
});

import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../src/db/schema.ts';
import { GUEST_COOKIE, networkOf } from '../src/http/actor.ts';
import { checkAndConsume } from '../src/services/usage-limit-service.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logLines });
});
afterAll(() => t.close());

describe('Sec-Fetch-Site: only same-origin vouches for a request', () => {
  /**
   * The rule: `same-origin` passes; `same-site` does not, since a sibling subdomain (another
   * team's app, a user-content host) is not us; `none` and an absent header fall back to the
   * Origin check, and a cookie without an allowed Origin is refused.
   */
  it('accepts same-origin and refuses same-site and none with the cookie', async () => {
    const member = await insertUser(t.database.db);
    const { cookie } = await signIn(t.database.db, t.config, member.id, t.clock.now());
    const sibling = `${new URL(t.config.publicUrl).protocol}//uploads.${new URL(t.config.publicUrl).host}`;
    const create = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: { cookie, ...headers },
        payload: { title: 'Origin check' },
      });

    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-site', origin: sibling },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refused) {
      const res = await create(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.message).toMatch(/^Cross-site request refused/);
    }
    const owned = () =>
      t.database.db.select().from(conversations).where(eq(conversations.userId, member.id));
    expect(await owned()).toEqual([]);

    expect((await create({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect((await create({ origin: t.config.publicUrl })).statusCode).toBe(201);
    expect(await owned()).toHaveLength(2);
  });
});

describe('the guest cookie', () => {
  const usage = (ip: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/user/rate-limits',
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });
  const guestCookieOf = (res: Awaited<ReturnType<typeof usage>>) =>
    ([res.headers['set-cookie'] ?? []].flat() as string[])
      .find((header) => header.startsWith(`${GUEST_COOKIE}=`))
      ?.split(';')[0];

  it("gives a forged cookie from a fresh address none of the named guest's identity", async () => {
    // A guest at one address, counted under their signed id.
    const victimIp = '198.51.100.61';
    const signed = guestCookieOf(await usage(victimIp));
    if (!signed) throw new Error('no guest cookie was issued');
    const victimId = decodeURIComponent(signed.slice(GUEST_COOKIE.length + 1)).split('.')[0] ?? '';
    expect(victimId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const now = t.clock.now();
    const timezone = t.config.limits.timezone;
    for (let i = 0; i < 3; i++) {
      await checkAndConsume(
        t.database.db,
        { kind: 'guest', guestId: victimId, ip: networkOf(victimIp) },
        'request',
        { now, timezone },
      );
    }
    // The genuine cookie carries the identity anywhere: the check below can see it.
    const genuine = await usage('192.0.2.61', signed);
    expect(genuine.json().totalRequestsMade).toBe(3);
    expect(guestCookieOf(genuine)).toBeUndefined();

    const wrongSignature = createHmac('sha256', 'not the server secret')
      .update(victimId)
      .digest('base64')
      .replace(/=+$/, '');
    const forgeries = [
      `${GUEST_COOKIE}=${victimId}`,
      `${GUEST_COOKIE}=${encodeURIComponent(`${victimId}.${wrongSignature}`)}`,
    ];
    for (const [i, forged] of forgeries.entries()) {
      const res = await usage(`192.0.2.${70 + i}`, forged);
      expect(res.statusCode).toBe(200);
      // Not the victim's usage, and a fresh id of its own instead.
      expect(res.json()).toMatchObject({ totalRequestsMade: 0, requestsUsedDay: 0 });
      const issued = guestCookieOf(res);
      expect(issued).toBeDefined();
      expect(decodeURIComponent(issued ?? '')).not.toContain(victimId);
    }
  });
});

describe('the request log', () => {
  it('never writes the OAuth code and state of a sign-in callback', async () => {
    const code = 'SECRET-CODE-4f0a9b';
    const state = 'SECRET-STATE-77c1e2';
    const from = logLines.length;
    const page = await t.app.inject({
      method: 'GET',
      url: `/auth/google/callback?code=${code}&state=${state}`,
    });
    expect(page.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: `/api/auth/google/start?code=${code}` });
    const lines = logLines.slice(from);
    const requests = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request');
    expect(requests.map((line) => line.url)).toEqual([
      '/auth/google/callback?code=[redacted]&state=[redacted]',
      '/api/auth/google/start?code=[redacted]',
    ]);
    expect(lines.join('\n')).not.toContain(code);
    expect(lines.join('\n')).not.toContain(state);
  });
});

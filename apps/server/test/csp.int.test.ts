import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

const GOOGLE_CLIENT_ID = 'x.apps.googleusercontent.com';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The app's security headers for the web app's page, as a map of CSP directive → sources. */
async function headersWith(env: Record<string, string>) {
  t = await createTestApp(env);
  const res = await t.app.inject({ method: 'GET', url: '/' });
  expect(res.statusCode).toBe(200);
  const csp = String(res.headers['content-security-policy']);
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources] as const),
  );
  return { csp, directives, coop: res.headers['cross-origin-opener-policy'] };
}

describe('Content-Security-Policy', () => {
  it('keeps the base policy and allows nothing from accounts.google.com without a client id', async () => {
    const { csp, directives, coop } = await headersWith({});
    expect(csp).not.toContain('accounts.google.com');
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect(directives.has('upgrade-insecure-requests')).toBe(false);
    expect(directives.has('frame-src')).toBe(false);
    expect(directives.has('connect-src')).toBe(false);
    expect(coop).toBe('same-origin');
  });

  it("allows Google Identity Services' sources with a Google client id and Google's issuer", async () => {
    const { directives, coop } = await headersWith({ GOOGLE_CLIENT_ID });
    expect(directives.get('script-src')).toEqual([
      "'self'",
      'https://accounts.google.com/gsi/client',
    ]);
    expect(directives.get('frame-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(directives.get('style-src')).toEqual([
      "'self'",
      'https:',
      "'unsafe-inline'",
      'https://accounts.google.com/gsi/style',
    ]);
    // Everything else stays as before.
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.has('upgrade-insecure-requests')).toBe(false);
    // The sign-in pop-up talks back to this page.
    expect(coop).toBe('same-origin-allow-popups');
  });

  it('sends the same policy on API answers', async () => {
    t = await createTestApp({ GOOGLE_CLIENT_ID });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain(
      "script-src 'self' https://accounts.google.com/gsi/client",
    );
  });

  it('allows nothing from accounts.google.com with another OIDC issuer', async () => {
    const { csp, coop } = await headersWith({
      GOOGLE_CLIENT_ID,
      OIDC_ISSUER: 'https://login.example.org/realms/samvad',
    });
    expect(csp).not.toContain('accounts.google.com');
    expect(coop).toBe('same-origin');
  });

  it("accepts Google's issuer written with a trailing slash", async () => {
    const { csp } = await headersWith({
      GOOGLE_CLIENT_ID,
      OIDC_ISSUER: 'https://accounts.google.com/',
    });
    expect(csp).toContain('https://accounts.google.com/gsi/client');
  });
});

import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CookieJar,
  followRedirects,
  type OidcTestProvider,
  startOidcTestProvider,
  type TestAccount,
} from './oidc-test-provider.ts';

const CLIENT_ID = 'samvad-test-client';
const CLIENT_SECRET = 'samvad-test-secret';
// Registered without a port; the flow uses one, as the app under test would (RFC 8252 loopback).
const REDIRECT_URI = 'http://127.0.0.1:45678/auth/google/callback';

const alice: TestAccount = {
  sub: 'alice-sub',
  email: 'alice@example.com',
  email_verified: true,
  name: 'Alice Example',
  picture: 'https://example.com/alice.png',
};
const bob: TestAccount = {
  sub: 'bob-sub',
  email: 'bob@example.com',
  email_verified: false,
  name: 'Bob',
};

let op: OidcTestProvider;
let rp: client.Configuration;

beforeAll(async () => {
  op = await startOidcTestProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [
      'http://127.0.0.1/auth/google/callback',
      'http://localhost/auth/google/callback',
    ],
    accounts: [alice, bob],
  });
  rp = await client.discovery(
    new URL(op.issuer),
    CLIENT_ID,
    undefined,
    client.ClientSecretPost(CLIENT_SECRET),
    { execute: [client.allowInsecureRequests] },
  );
});

afterAll(async () => {
  await op?.close();
});

/** The authorization request Samvad's OidcService builds: PKCE S256, state, nonce. */
async function startFlow(prompt: string | undefined = 'select_account') {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(rp, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...(prompt ? { prompt } : {}),
  });
  const redeem = async (callback: URL) => {
    const tokens = await client.authorizationCodeGrant(rp, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    return { tokens, claims: tokens.claims() };
  };
  return { url, state, nonce, redeem };
}

describe('OIDC test provider', () => {
  it('publishes discovery metadata for the code flow with S256 PKCE', () => {
    const metadata = rp.serverMetadata();
    expect(metadata.issuer).toBe(op.issuer);
    expect(metadata.jwks_uri).toBe(op.jwksUri);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.id_token_signing_alg_values_supported).toContain('RS256');
  });

  it('completes a code flow over HTTP after loginAs, with the account claims and nonce', async () => {
    const flow = await startFlow();
    op.loginAs(alice.sub);
    const { url: callback } = await followRedirects(flow.url, { stopAt: REDIRECT_URI });
    expect(callback.href.startsWith(REDIRECT_URI)).toBe(true);
    expect(callback.searchParams.get('state')).toBe(flow.state);
    expect(callback.searchParams.get('code')).toBeTruthy();

    const { tokens, claims } = await flow.redeem(callback);
    expect(decodeProtectedHeader(tokens.id_token ?? '').alg).toBe('RS256');
    expect(claims).toMatchObject({
      iss: op.issuer,
      aud: CLIENT_ID,
      sub: alice.sub,
      email: alice.email,
      email_verified: true,
      name: alice.name,
      picture: alice.picture,
      nonce: flow.nonce,
    });
  });

  it('signs in as whoever loginAs names next, even with the last SSO session in the jar', async () => {
    const jar: CookieJar = new Map();
    const first = await startFlow();
    op.loginAs(alice.email);
    const firstCallback = await followRedirects(first.url, { jar, stopAt: REDIRECT_URI });
    expect((await first.redeem(firstCallback.url)).claims?.sub).toBe(alice.sub);
    expect(jar.has('_session')).toBe(true);

    const second = await startFlow(undefined); // no prompt parameter this time
    op.loginAs(bob.sub);
    const secondCallback = await followRedirects(second.url, { jar, stopAt: REDIRECT_URI });
    const { claims } = await second.redeem(secondCallback.url);
    expect(claims).toMatchObject({
      sub: bob.sub,
      email: bob.email,
      email_verified: false,
      name: 'Bob',
    });
    expect(claims?.picture).toBeUndefined();
  });

  it('signs in through the HTML login form', async () => {
    const flow = await startFlow();
    const jar: CookieJar = new Map();
    const login = await followRedirects(flow.url, { jar, stopAt: REDIRECT_URI });
    expect(login.response.status).toBe(200);
    const html = await login.response.text();
    expect(html).toContain('name="login"');
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '', login.url);

    const wrong = await followRedirects(action, { jar, form: { login: 'nobody@example.com' } });
    expect(wrong.response.status).toBe(401);
    expect(await wrong.response.text()).toContain('No test account matches');

    const done = await followRedirects(action, {
      jar,
      stopAt: REDIRECT_URI,
      form: { login: alice.email },
    });
    expect(done.url.searchParams.get('state')).toBe(flow.state);
    const { claims } = await flow.redeem(done.url);
    expect(claims).toMatchObject({ sub: alice.sub, email: alice.email, nonce: flow.nonce });
  });

  it('redirects back with access_denied when the form is cancelled', async () => {
    const flow = await startFlow();
    const jar: CookieJar = new Map();
    const login = await followRedirects(flow.url, { jar, stopAt: REDIRECT_URI });
    const done = await followRedirects(login.url, {
      jar,
      stopAt: REDIRECT_URI,
      form: { cancel: '1' },
    });
    expect(done.url.searchParams.get('error')).toBe('access_denied');
    expect(done.url.searchParams.get('state')).toBe(flow.state);
  });

  it('refuses an authorization request without PKCE', async () => {
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      state: 'no-pkce',
      nonce: 'n',
    });
    const { url: callback } = await followRedirects(url, { stopAt: REDIRECT_URI });
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  describe('signIdToken', () => {
    const verify = (token: string) =>
      jwtVerify(token, createRemoteJWKSet(new URL(op.jwksUri)), {
        issuer: op.issuer,
        audience: CLIENT_ID,
      });

    it('signs a token that verifies against the JWKS', async () => {
      const { payload, protectedHeader } = await verify(await op.signIdToken({ sub: bob.sub }));
      expect(protectedHeader.alg).toBe('RS256');
      expect(payload).toMatchObject({
        sub: bob.sub,
        email: alice.email,
        iss: op.issuer,
        aud: CLIENT_ID,
      });
    });

    it('yields tokens that fail for audience, expiry, issuer and signature', async () => {
      await expect(verify(await op.signIdToken({}, { audience: 'someone-else' }))).rejects.toThrow(
        errors.JWTClaimValidationFailed,
      );
      await expect(verify(await op.signIdToken({}, { expiresIn: -60 }))).rejects.toThrow(
        errors.JWTExpired,
      );
      await expect(
        verify(await op.signIdToken({}, { issuer: 'https://accounts.google.com' })),
      ).rejects.toThrow(errors.JWTClaimValidationFailed);
      await expect(verify(await op.signIdToken({}, { key: 'other' }))).rejects.toThrow(
        errors.JWSSignatureVerificationFailed,
      );
    });
  });
});

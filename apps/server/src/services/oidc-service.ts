import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import {
  findUnlinkedUserByEmail,
  findUserByOidcSubject,
  insertUser,
  updateUser,
} from '../repositories/user-repository.ts';

/** What the browser keeps (in a signed, short-lived cookie) between start and callback. */
export type OidcFlowState = { state: string; nonce: string; verifier: string };

export type OidcClaims = {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  picture?: string;
};

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/**
 * What to do when a sign-in fails because it began or ended on another address than PUBLIC_URL
 * (the provider only ever returns to PUBLIC_URL): shown to the person and written to the log.
 */
export function wrongAddressMessage(publicUrl: string): string {
  return `Sign-in must start and finish on ${publicUrl} (this server's PUBLIC_URL); open the app there and try again.`;
}

/**
 * Sign-in with any OpenID Connect issuer (Google by default): authorization code + PKCE with
 * state and nonce, or a Google Identity Services ID token. Discovery is fetched once, lazily,
 * and retried on the next sign-in if the issuer was unreachable.
 */
export class OidcService {
  private readonly config: Config;
  private discovered: Promise<oidc.Configuration> | null = null;
  private jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

  constructor(config: Config) {
    this.config = config;
  }

  get enabled(): boolean {
    return Boolean(this.config.google.clientId);
  }

  get redirectUri(): string {
    return `${this.config.publicUrl}/auth/google/callback`;
  }

  /** The provider URL to send the browser to, and the state to remember. */
  async start(): Promise<{ url: string; flow: OidcFlowState }> {
    const configuration = await this.configuration();
    const flow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
    return { url: url.href, flow };
  }

  /** Exchanges the code; checks state, nonce, PKCE, issuer, audience and expiry. */
  async finish(
    callback: { code: string; state: string; iss?: string | undefined },
    flow: OidcFlowState,
  ): Promise<OidcClaims> {
    const configuration = await this.configuration();
    const currentUrl = new URL(this.redirectUri);
    currentUrl.searchParams.set('code', callback.code);
    currentUrl.searchParams.set('state', callback.state);
    if (callback.iss) currentUrl.searchParams.set('iss', callback.iss);
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token claims');
      return claims as OidcClaims;
    } catch (error) {
      throw new AppError('unauthorized', 'Sign-in could not be completed. Please try again.', {
        cause: error,
      });
    }
  }

  /** Verifies a Google Identity Services credential against the issuer's JWKS. */
  async verifyIdToken(token: string): Promise<OidcClaims> {
    const configuration = await this.configuration();
    const metadata = configuration.serverMetadata();
    if (!metadata.jwks_uri)
      throw new AppError('unavailable', 'The sign-in provider publishes no keys.');
    this.jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
    const issuers =
      this.config.oidcIssuer === GOOGLE_ISSUERS[0] ? GOOGLE_ISSUERS : [metadata.issuer];
    try {
      const { payload } = await jwtVerify(token, this.jwks, {
        issuer: issuers,
        audience: this.config.google.clientId ?? '',
      });
      return payload as JWTPayload & OidcClaims;
    } catch (error) {
      throw new AppError('unauthorized', 'The sign-in token is not valid.', { cause: error });
    }
  }

  private configuration(): Promise<oidc.Configuration> {
    const { clientId, clientSecret } = this.config.google;
    if (!clientId) {
      throw new AppError(
        'unavailable',
        'Google client ID not available. Authentication cannot proceed.',
      );
    }
    this.discovered ??= oidc
      .discovery(
        new URL(this.config.oidcIssuer),
        clientId,
        undefined,
        clientSecret ? oidc.ClientSecretPost(clientSecret) : oidc.None(),
        // Loopback issuers (tests, a local provider) speak plain http.
        this.config.oidcIssuer.startsWith('http://')
          ? { execute: [oidc.allowInsecureRequests] }
          : {},
      )
      .catch((error: unknown) => {
        this.discovered = null;
        throw new AppError('unavailable', 'The sign-in provider cannot be reached right now.', {
          cause: error,
        });
      });
    return this.discovered;
  }
}

/** Creates or updates the user from verified claims; unverified emails are refused. */
export async function upsertOidcUser(db: Database, claims: OidcClaims): Promise<UserRow> {
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  if (!claims.email || !verified) {
    throw new AppError('forbidden', 'Your Google account email is not verified.');
  }
  const profile = { email: claims.email, name: claims.name ?? null, image: claims.picture ?? null };
  const existing = await findUserByOidcSubject(db, claims.sub);
  if (existing) return updateUser(db, existing.id, profile);
  const invited = await findUnlinkedUserByEmail(db, claims.email);
  if (invited) return updateUser(db, invited.id, { ...profile, oidcSubject: claims.sub });
  return insertUser(db, { id: randomUUID(), oidcSubject: claims.sub, ...profile });
}

import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import Provider, {
  type Adapter,
  type AdapterPayload,
  type Interaction,
  interactionPolicy,
  type KoaContextWithOIDC,
} from 'oidc-provider';

export type TestAccount = {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
};

export type OidcTestProviderOptions = {
  clientId: string;
  clientSecret: string;
  /** Loopback http URIs match on any port (RFC 8252), so `http://127.0.0.1/auth/google/callback` will do. */
  redirectUris: string[];
  accounts?: TestAccount[];
  /** How the client authenticates at the token endpoint; Samvad's OidcService posts the secret. */
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic';
  /** Fixed port, for a provider other processes must find (browser tests); default: any free one. */
  port?: number;
};

/**
 * `expiresIn`: seconds from now until `exp`, negative for an expired token (default 3600);
 * `audience` defaults to the client id, `issuer` to the provider's; `key: 'other'` signs with a
 * different private key under the same `kid`, i.e. a bad signature.
 */
export type SignIdTokenOptions = {
  expiresIn?: number;
  audience?: string | string[];
  issuer?: string;
  key?: 'valid' | 'other';
};

export type OidcTestProvider = {
  issuer: string;
  jwksUri: string;
  accounts: readonly TestAccount[];
  /**
   * The next login page request (one-shot, shared by all flows) signs in as this account (sub or
   * email) without showing the form; otherwise the form is shown.
   */
  loginAs(subOrEmail: string): void;
  /** A JWT like an ID token from this provider; claims default to the first account's. */
  signIdToken(claims?: JWTPayload, options?: SignIdTokenOptions): Promise<string>;
  close(): Promise<void>;
};

export const DEFAULT_TEST_ACCOUNT: TestAccount = {
  sub: 'test-account-1',
  email: 'test.user@example.com',
  email_verified: true,
  name: 'Test User',
  picture: 'https://example.com/test-user.png',
};

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 and a random port, standing in
 * for Google: discovery, JWKS, code flow with S256 PKCE, nonce, RS256 ID tokens carrying the
 * email and profile claims. Sign-in happens in oidc-provider's interaction step, either
 * programmatically (`loginAs`) or through a one-field HTML form at `/interaction/:uid`.
 */
export async function startOidcTestProvider(
  options: OidcTestProviderOptions,
): Promise<OidcTestProvider> {
  const accounts = options.accounts?.length ? options.accounts : [DEFAULT_TEST_ACCOUNT];
  const findAccount = (login: string) =>
    accounts.find((a) => a.sub === login || a.email.toLowerCase() === login.toLowerCase());

  // The issuer carries the port, so listen first and attach the provider afterwards.
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const issuer = `http://127.0.0.1:${address.port}`;

  // Our own keys (not oidc-provider's built-in dev keys) so signIdToken can sign as the provider;
  // the "other" key reuses the kid so a verifier finds a key and fails on the signature itself.
  const kid = 'oidc-test-provider';
  const [signing, other] = await Promise.all([
    generateKeyPair('RS256', { extractable: true }),
    generateKeyPair('RS256'),
  ]);
  const privateJwk = { ...(await exportJWK(signing.privateKey)), kid, alg: 'RS256', use: 'sig' };

  // Every authorization request shows the login step, like Google's account chooser with
  // prompt=select_account, so an SSO session left in a cookie jar never picks the account.
  const policy = interactionPolicy.base();
  const login = policy.get('login');
  if (!login) throw new Error('oidc-provider base policy has no login prompt');
  const loginEachTime = (ctx: KoaContextWithOIDC) => !ctx.oidc.result?.login; // true: prompt
  login.checks.add(
    new interactionPolicy.Check('login_each_time', 'choose an account', loginEachTime),
  );
  // Samvad sends prompt=select_account as Google accepts it; oidc-provider rejects prompt values
  // not in its policy, so register it (it is resolved together with the login step).
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }));

  const loopbackHttp = options.redirectUris.every((uri) => {
    const { protocol, hostname } = new URL(uri);
    return protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
  });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        // oidc-provider accepts http redirect URIs for `web` clients using the code flow, but
        // matches them exactly, port included. `native` applies RFC 8252's loopback rule (any
        // port), so tests can start this provider before the app under test has its port.
        application_type: loopbackHttp ? 'native' : 'web',
        token_endpoint_auth_method: options.tokenEndpointAuthMethod ?? 'client_secret_post',
      },
    ],
    jwks: { keys: [privateJwk] },
    adapter: memoryAdapter(),
    findAccount: (_ctx, sub) => {
      const account = findAccount(sub);
      return account && { accountId: account.sub, claims: () => ({ ...account }) };
    },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Put the scope claims in the ID token itself, as Google does (the spec default keeps them
    // for userinfo only when an access token is issued).
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    // Explicit values so oidc-provider does not print its "you SHOULD change it" notices.
    ttl: { AccessToken: 3600, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    clientBasedCORS: () => false, // only the app's server talks to the token endpoint
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Error', `<pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre>`);
    },
  });
  const providerCallback = provider.callback();

  let pendingLogin: TestAccount | undefined;

  /**
   * Finishes the interaction through oidc-provider's own API: the login, plus a Grant for the
   * requested scopes as the consent (auto-granted, so there is never a consent screen), and the
   * select_account prompt marked as answered. The provider then redirects to its resume URL.
   */
  async function finish(
    req: IncomingMessage,
    res: ServerResponse,
    interaction: Interaction,
    account: TestAccount,
  ) {
    // An SSO session for another account would make oidc-provider ask to log out first; end it,
    // as signing out at the provider would.
    if (interaction.session && interaction.session.accountId !== account.sub) {
      await (await provider.Session.find(interaction.session.cookie))?.destroy();
      interaction.session = undefined;
      await interaction.persist();
    }
    const clientId = String(interaction.params.client_id);
    const grant = new provider.Grant({ accountId: account.sub, clientId });
    grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
    const missingClaims = interaction.prompt.details.missingOIDCClaims;
    if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims as string[]);
    const grantId = await grant.save();
    const result = { login: { accountId: account.sub }, consent: { grantId }, select_account: {} };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  async function interactionRoute(req: IncomingMessage, res: ServerResponse) {
    const interaction = await provider.interactionDetails(req, res);
    const loginPage = (error = '') =>
      sendHtml(res, error ? 401 : 200, loginForm(interaction, accounts, error));
    if (req.method === 'POST') {
      const form = new URLSearchParams(await text(req));
      if (form.has('cancel')) {
        const result = { error: 'access_denied', error_description: 'sign-in cancelled' };
        return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      }
      const account = findAccount(form.get('login')?.trim() ?? '');
      return account
        ? finish(req, res, interaction, account)
        : loginPage('No test account matches that login.');
    }
    const queued = pendingLogin;
    pendingLogin = undefined;
    return queued ? finish(req, res, interaction, queued) : loginPage();
  }

  handle = (req, res) => {
    const { pathname } = new URL(req.url ?? '/', issuer);
    if (!/^\/interaction\/[\w-]+$/.test(pathname)) return void providerCallback(req, res);
    interactionRoute(req, res).catch((error: unknown) => {
      // SessionNotFound: the interaction cookie is missing or the interaction expired.
      const status = error instanceof Error && error.name === 'SessionNotFound' ? 400 : 500;
      if (!res.headersSent)
        sendHtml(res, status, page('Error', `<p>${escapeHtml(String(error))}</p>`));
    });
  };

  return {
    issuer,
    jwksUri: `${issuer}${provider.pathFor('jwks')}`,
    accounts,
    loginAs(subOrEmail) {
      pendingLogin = findAccount(subOrEmail);
      if (!pendingLogin) throw new Error(`no test account ${subOrEmail}`);
    },
    async signIdToken(claims = {}, { expiresIn = 3600, audience, issuer: iss, key } = {}) {
      const [first] = accounts;
      const now = Math.floor(Date.now() / 1000);
      const exp = now + expiresIn;
      return new SignJWT({ ...first, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(iss ?? issuer)
        .setAudience(audience ?? options.clientId)
        .setIssuedAt(Math.min(now, exp - 3600)) // an expired token was also issued in the past
        .setExpirationTime(exp)
        .sign(key === 'other' ? other.privateKey : signing.privateKey);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections(); // keep-alive sockets from fetch would hold close() open
      }),
  };
}

/** Cookies by name, as a browser would keep them for the provider during one flow. */
export type CookieJar = Map<string, string>;
/** `form` is POSTed (urlencoded) to the start URL; redirects after it are GETs. */
export type FollowOptions = { jar?: CookieJar; stopAt?: string; form?: Record<string, string> };

/**
 * Walks redirects like a browser (fetch with `redirect: 'manual'`, carrying the provider's
 * interaction and session cookies) until a redirect points at `stopAt` (e.g. the redirect_uri),
 * which is not fetched, or until a non-redirect answer such as the login page. Returns that URL.
 */
export async function followRedirects(
  start: string | URL,
  { jar = new Map(), stopAt, form }: FollowOptions = {},
): Promise<{ url: URL; response: Response }> {
  let url = new URL(start);
  let body = form ? new URLSearchParams(form) : undefined;
  for (let hop = 0; hop < 20; hop++) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: cookie ? { cookie } : {},
      ...(body ? { body } : {}),
    });
    for (const header of response.headers.getSetCookie()) {
      const [, name = '', value = ''] = /^\s*([^=]+)=([^;]*)/.exec(header) ?? [];
      if (value && !/expires=Thu, 01 Jan 1970/i.test(header)) jar.set(name, value);
      else jar.delete(name);
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { url, response };
    await response.arrayBuffer(); // drain, so the connection can be reused
    url = new URL(location, url);
    body = undefined;
    if (stopAt && url.href.startsWith(stopAt)) return { url, response };
  }
  throw new Error(`too many redirects, last ${url.href}`);
}

/**
 * A per-provider in-memory store. oidc-provider's own MemoryAdapter works too but warns that it
 * is development-only, and it shares one module-level store between provider instances.
 */
function memoryAdapter() {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  };
  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    const findBy = async (field: 'uid' | 'userCode', value: string) =>
      [...store.keys()]
        .filter((k) => k.startsWith(key('')))
        .map(live)
        .find((p) => p?.[field] === value);
    return {
      upsert: async (id, payload, expiresIn) => {
        store.set(key(id), { payload, expiresAt: Date.now() + (expiresIn ?? Infinity) * 1000 });
      },
      find: async (id) => live(key(id)),
      findByUid: (uid) => findBy('uid', uid),
      findByUserCode: (userCode) => findBy('userCode', userCode),
      consume: async (id) => {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      destroy: async (id) => void store.delete(key(id)),
      revokeByGrantId: async (grantId) => {
        for (const [k, entry] of store) if (entry.payload.grantId === grantId) store.delete(k);
      },
    };
  };
}

function loginForm(interaction: Interaction, accounts: readonly TestAccount[], error: string) {
  const hint = String(interaction.params.login_hint ?? '');
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p>Test OpenID provider, client <code>${escapeHtml(String(interaction.params.client_id))}</code></p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(interaction.uid)}">
  <label for="login">Email or account ID</label>
  <input id="login" name="login" autocomplete="username" required autofocus value="${escapeHtml(hint)}">
  <button type="submit">Sign in</button>
  <button type="submit" name="cancel" value="1" formnovalidate>Cancel</button>
</form>
<p>Test accounts: ${accounts.map((a) => escapeHtml(a.email)).join(', ')}</p>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} · test OpenID provider</title></head>
<body><main>${body}</main></body></html>`;
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

import {
  googleClientIdResponseSchema,
  googleTokenRequestSchema,
  oidcCallbackRequestSchema,
  okResponseSchema,
  sessionListResponseSchema,
  sessionResponseSchema,
  signInResponseSchema,
} from '@samvad/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { AppError, BannedError } from '../http/app-error.ts';
import { requireUser } from '../http/guards.ts';
import { clearBannedIdentityCookie, readBannedIdentity } from '../http/session-cookie.ts';
import { completeSignIn, endSignIn } from '../http/sign-in.ts';
import { presentSessionSummary, presentSessionUser } from '../presenters/session-presenter.ts';
import { deleteUserSession, listLiveSessions } from '../repositories/session-repository.ts';
import { findUserById } from '../repositories/user-repository.ts';
import type { OidcFlowState } from '../services/oidc-service.ts';
import { upsertOidcUser, wrongAddressMessage } from '../services/oidc-service.ts';
import { isBanned } from '../services/session-service.ts';

const FLOW_COOKIE = 'samvad_oidc';

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { config, database, clock, oidc } = context;
  const tags = ['auth'];

  app.get(
    '/api/auth/session',
    {
      schema: {
        summary: 'The caller; 403 with the ban details for a banned user',
        tags,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { user } = request.viewer;
      if (user) {
        if (isBanned(user, clock())) throw new BannedError(user);
        return { user: presentSessionUser(user, false), banned: false };
      }
      // A banned account that signed in here is still named (email, reason) for the banned
      // screen, though it holds no session; once the ban ends, the browser forgets it.
      const bannedId = readBannedIdentity(request);
      const banned = bannedId ? await findUserById(database.db, bannedId) : null;
      if (banned && isBanned(banned, clock())) throw new BannedError(banned);
      if (bannedId) clearBannedIdentityCookie(request, reply, config);
      return { user: null, banned: false };
    },
  );

  app.get(
    '/api/auth/google-client-id',
    {
      schema: {
        summary: 'The OAuth client id, or null while sign-in is not configured',
        tags,
        response: { 200: googleClientIdResponseSchema },
      },
    },
    async () => ({ clientId: config.google.clientId }),
  );

  app.get(
    '/api/auth/google/start',
    { schema: { summary: 'Redirects to the sign-in provider (authorization code + PKCE)', tags } },
    async (request, reply) => {
      // Cookies belong to a host: the provider returns to PUBLIC_URL's, and a flow cookie set on
      // another (127.0.0.1 for localhost) is not sent there. The sign-in will fail: say why now.
      if (request.host !== new URL(config.publicUrl).host) {
        request.log.warn(
          { host: request.host, publicUrl: config.publicUrl },
          `sign-in started on ${request.host}, but the provider returns to ${config.publicUrl} (PUBLIC_URL), where this browser's sign-in cookie is not sent. ${wrongAddressMessage(config.publicUrl)}`,
        );
      }
      const { url, flow } = await oidc.start();
      reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.sessions.secureCookie,
        signed: true,
        maxAge: 600,
      });
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/api/auth/google/callback',
    {
      schema: {
        summary: 'Exchanges the code the provider returned; sets the session',
        tags,
        body: oidcCallbackRequestSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request, reply) => {
      const flow = readFlow(request.cookies[FLOW_COOKIE], (raw) => request.unsignCookie(raw));
      reply.clearCookie(FLOW_COOKIE, { path: '/' });
      if (!flow || flow.state !== request.body.state) {
        // No flow cookie (or another flow's): the sign-in began on another address than the one
        // the provider returned to (localhost vs 127.0.0.1), began too long ago, or was used.
        const message = `This sign-in was not started in this browser at this address, or it expired. ${wrongAddressMessage(config.publicUrl)}`;
        request.log.warn(
          {
            flowCookie: flow ? 'another sign-in' : 'missing',
            origin: request.headers.origin ?? null,
            publicUrl: config.publicUrl,
          },
          message,
        );
        throw new AppError('bad_request', message);
      }
      const claims = await oidc.finish(request.body, flow);
      const user = await upsertOidcUser(database.db, claims);
      return completeSignIn(request, reply, context, user);
    },
  );

  app.post(
    '/api/auth/google',
    {
      schema: {
        summary: 'Signs in with a Google ID token (Google Identity Services credential)',
        tags,
        body: googleTokenRequestSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request, reply) => {
      const claims = await oidc.verifyIdToken(request.body.token);
      const user = await upsertOidcUser(database.db, claims);
      return completeSignIn(request, reply, context, user);
    },
  );

  app.post(
    '/api/auth/signout',
    {
      schema: {
        summary: 'Ends the session on the server and clears the cookie',
        tags,
        response: { 200: okResponseSchema },
      },
    },
    (request, reply) => endSignIn(request, reply, context),
  );

  app.get(
    '/api/auth/sessions',
    {
      schema: {
        summary: "The caller's own live sessions",
        tags,
        response: { 200: sessionListResponseSchema },
      },
    },
    async (request) => {
      const { user, session } = requireUser(request, clock());
      const sessions = await listLiveSessions(database.db, user.id, clock());
      return { sessions: sessions.map((row) => presentSessionSummary(row, session)) };
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      schema: {
        summary: 'Revokes one of the caller’s sessions',
        tags,
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request, clock());
      if (!(await deleteUserSession(database.db, user.id, request.params.id))) {
        throw new AppError('not_found', `You have no session with the id ${request.params.id}`);
      }
      return { ok: true as const };
    },
  );
};

function readFlow(
  raw: string | undefined,
  unsign: (value: string) => { valid: boolean; value: string | null },
): OidcFlowState | null {
  if (!raw) return null;
  const unsigned = unsign(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    return JSON.parse(unsigned.value) as OidcFlowState;
  } catch {
    return null;
  }
}

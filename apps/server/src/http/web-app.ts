import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { KnowledgeStatus } from '@samvad/contracts/knowledge-status';
import type { Persona } from '@samvad/contracts/persona';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import { AppError } from './app-error.ts';
import { sendError } from './error-handler.ts';
import { isLoopbackHostname, loopbackAliasOrigins } from './origin-check.ts';
import { pageRedirectOf, pageRouteOf } from './page-routes.ts';
import { createPageShell } from './page-shell.ts';

/** Where a sign-in begins: a top-level navigation that sets the flow cookie on its host. */
const SIGN_IN_START_PATH = '/api/auth/google/start';

/**
 * Serves the built web app and answers every unmatched path: `/api/*` with a JSON 404, a page of
 * the web app (page-routes.ts) with index.html and 200 so that the browser router renders deep
 * links, and any other GET with index.html and 404 (the browser still shows its not-found card).
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Pick<Config, 'webDistDir'>,
  persona: Persona,
  knowledgeStatus: () => KnowledgeStatus,
): Promise<void> {
  const distDir = config.webDistDir;
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : null;
  const pageFor = indexHtml ? createPageShell(distDir, indexHtml, persona, knowledgeStatus) : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      decorateReply: false,
      // One route per file found at start: unknown paths fall through to the handler below.
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app is not built; only the API is served');
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const [pathname = '/', query] = splitUrl(request.url);
    // A missing script or stylesheet is not a page: the app shell in its place would be read as code.
    if (!isApiPath(request.url) && isPage && pageFor && !pathname.startsWith('/assets/')) {
      const redirect = pageRedirectOf(pathname);
      if (redirect) return reply.redirect(query === undefined ? redirect : `${redirect}?${query}`);
      const page = pageFor(pathname);
      const encoding = pickEncoding(request.headers['accept-encoding'], page);
      reply
        .code(pageRouteOf(pathname) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      if (!encoding) return reply.send(page.raw);
      return reply.header('content-encoding', encoding.name).send(encoding.body);
    }
    return sendError(
      reply,
      new AppError('not_found', `Nothing matches ${request.method} ${pathname}`),
    );
  });
}

/**
 * Outside production, a page opened on another loopback name than PUBLIC_URL's (127.0.0.1 for
 * localhost, or back) is sent to the same path on PUBLIC_URL: the sign-in flow's cookie is set on
 * the host the browser is on, and the provider returns to PUBLIC_URL's, so a sign-in begun on the
 * other name could never finish. API calls are not redirected (a fetch would not follow with its
 * cookies); the origin check accepts them from either name. The sign-in start is a navigation,
 * so it is redirected like a page.
 */
export function registerLoopbackRedirect(
  app: FastifyInstance,
  config: Pick<Config, 'nodeEnv' | 'publicUrl'>,
): void {
  if (loopbackAliasOrigins(config).length === 0) return;
  const publicUrl = new URL(config.publicUrl);
  const publicPort = effectivePort(publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const [pathname = '/'] = splitUrl(request.url);
    if (isApiPath(pathname) && pathname !== SIGN_IN_START_PATH) return;
    let host: URL;
    try {
      host = new URL(`${publicUrl.protocol}//${request.host}`);
    } catch {
      return;
    }
    const sameName = host.hostname.toLowerCase() === publicUrl.hostname.toLowerCase();
    if (sameName || !isLoopbackHostname(host.hostname) || effectivePort(host) !== publicPort)
      return;
    return reply.redirect(`${publicUrl.origin}${request.url}`, 302);
  });
}

function effectivePort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

function splitUrl(url: string): [string, string | undefined] {
  const at = url.indexOf('?');
  return at === -1 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1)];
}

function pickEncoding(
  accept: string | undefined,
  encoded: { br: Buffer | null; gzip: Buffer | null },
): { name: 'br' | 'gzip'; body: Buffer } | null {
  const accepted = new Set((accept ?? '').split(',').map((part) => part.split(';')[0]?.trim()));
  if (encoded.br && accepted.has('br')) return { name: 'br', body: encoded.br };
  if (encoded.gzip && accepted.has('gzip')) return { name: 'gzip', body: encoded.gzip };
  return null;
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

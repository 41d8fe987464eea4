import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Persona } from '@samvad/contracts/persona';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { sendError } from './error-handler.ts';
import { createPageShell } from './page-shell.ts';

/**
 * Serves the built web app and answers every unmatched path: `/api/*` with a JSON 404,
 * any other GET with index.html so that the browser router can render deep links.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  persona: Persona,
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : null;
  const pageFor = indexHtml ? createPageShell(distDir, indexHtml, persona) : null;
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
    if (!isApiPath(request.url) && isPage && pageFor) {
      const page = pageFor(request.url.split('?')[0] ?? '/');
      const encoding = pickEncoding(request.headers['accept-encoding'], page);
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      if (!encoding) return reply.send(page.raw);
      return reply.header('content-encoding', encoding.name).send(encoding.body);
    }
    return sendError(
      reply,
      new AppError('not_found', `Nothing matches ${request.method} ${request.url.split('?')[0]}`),
    );
  });
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

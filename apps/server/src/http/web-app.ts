import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { sendError } from './error-handler.ts';

/**
 * Serves the built web app and answers every unmatched path: `/api/*` with a JSON 404,
 * any other GET with index.html so that the browser router can render deep links.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      decorateReply: false,
      // One route per file found at start: unknown paths fall through to the handler below.
      wildcard: false,
      index: false,
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
    if (!isApiPath(request.url) && isPage && indexHtml) {
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    }
    return sendError(
      reply,
      new AppError('not_found', `Nothing matches ${request.method} ${request.url.split('?')[0]}`),
    );
  });
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

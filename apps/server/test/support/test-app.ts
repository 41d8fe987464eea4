import diagnostics from 'node:diagnostics_channel';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { AppContext } from '../../src/app-context.ts';
import { type Config, loadConfig } from '../../src/config/env.ts';
import { loadPersona } from '../../src/config/persona.ts';
import { openKnowledgeBase } from '../../src/retrieval/open-knowledge-base.ts';
import { OidcService } from '../../src/services/oidc-service.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export const TEST_INDEX_HTML =
  '<!doctype html><html><body><div id="root">samvad-test</div></body></html>';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  knowledge: AppContext['knowledge'];
  clock: TestClock;
  close(): Promise<void>;
};

/**
 * The real app on a fresh, migrated database, with a tiny built web app in a temp folder.
 * `env` overrides any environment variable the config reads; `onRoute` sees every route as it is
 * registered (it is hooked onto the instance as Fastify creates it, before any route exists);
 * `logLines` receives every log line (give LOG_LEVEL in `env`: the default is silent).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { onRoute?: (route: RouteOptions) => void; logLines?: string[] } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'samvad-test-'));
  const webDistDir = path.join(dataDir, 'web');
  mkdirSync(path.join(webDistDir, 'assets'), { recursive: true });
  writeFileSync(path.join(webDistDir, 'index.html'), TEST_INDEX_HTML);
  writeFileSync(path.join(webDistDir, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
  // As the web build leaves them: precompressed copies beside the files.
  for (const [file, text] of [
    ['index.html', TEST_INDEX_HTML],
    ['assets/app-1a2b3c.js', 'console.log("app")'],
  ] as const) {
    writeFileSync(path.join(webDistDir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(webDistDir, `${file}.gz`), gzipSync(text));
  }

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-the-schema',
    // The in-process model only where a test asks for it (EMBEDDINGS: 'local'): loading it
    // takes a second or two and ~300 MB, and most tests are about something else.
    EMBEDDINGS: 'off',
    ...env,
  });
  const database = await createTestDatabase();
  await database.migrate();
  const knowledge = await openKnowledgeBase(config, database.db);
  const clock = new TestClock();
  const persona = await loadPersona(config.personaFile);
  const { logLines } = options;
  const build = () =>
    buildApp(
      {
        config,
        database,
        persona,
        knowledge,
        clock: () => clock.now(),
        oidc: new OidcService(config),
      },
      logLines ? { logStream: { write: (line: string) => void logLines.push(line) } } : {},
    );
  const app = options.onRoute ? await withRouteHook(options.onRoute, build) : await build();
  return {
    app,
    database,
    config,
    knowledge,
    clock,
    async close() {
      await app.close();
      await knowledge.close();
      await database.close();
    },
  };
}

/** Runs `build` with `onRoute` added to the first Fastify instance created meanwhile. */
async function withRouteHook<T>(onRoute: (route: RouteOptions) => void, build: () => Promise<T>) {
  const channel = diagnostics.channel('fastify.initialization');
  let hooked = false;
  const subscriber = (message: unknown) => {
    if (hooked) return;
    hooked = true;
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', onRoute);
  };
  channel.subscribe(subscriber);
  try {
    return await build();
  } finally {
    channel.unsubscribe(subscriber);
  }
}

/** Real time plus an offset that a test can advance. */
export class TestClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { AppContext } from '../../src/app-context.ts';
import { type Config, loadConfig } from '../../src/config/env.ts';
import { loadPersona } from '../../src/config/persona.ts';
import { OidcService } from '../../src/services/oidc-service.ts';
import { openKnowledgeBase } from '../../src/services/open-knowledge-base.ts';
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
 * `env` overrides any environment variable the config reads.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
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
    ...env,
  });
  const database = await createTestDatabase();
  await database.migrate();
  const knowledge = await openKnowledgeBase(config, database.db);
  const clock = new TestClock();
  const app = await buildApp({
    config,
    database,
    persona: await loadPersona(config.personaFile),
    knowledge,
    clock: () => clock.now(),
    oidc: new OidcService(config),
  });
  return {
    app,
    database,
    config,
    knowledge,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
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

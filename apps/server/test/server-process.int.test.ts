import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReadyResponse } from '@samvad/contracts/health';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { rowsOf } from '../src/db/migrations.ts';
import { openPglite } from '../src/db/open-pglite.ts';
import { ingestFile } from '../src/services/ingestion-service.ts';
import { FileStore } from '../src/storage/file-store.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import {
  freePort,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitUntilReady,
} from './support/server-process.ts';
import { createTestDatabase, testEngine } from './support/test-database.ts';

const SECRET = 'process-test-secret-long-enough-0123456789';

describe.runIf(testEngine === 'pglite')('server process on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'samvad-process-'));
  const env = async () => ({ DATA_DIR: dataDir, PORT: String(await freePort()) });

  it('starts, refuses a second process on the same data directory, and stops cleanly', async () => {
    const first = spawnServer(await env());
    let second: ServerProcess | null = null;
    // Stopped whatever happens: a readiness timeout must not leave a server running.
    try {
      await waitUntilReady(first);
      second = spawnServer(await env());
      expect(await second.exited).not.toBe(0);
      expect(second.output()).toContain('already in use by another Samvad process');
    } finally {
      if (second) await stopServer(second);
      expect(await stopServer(first)).toBe(0);
    }
    expect(first.output()).toContain('stopped cleanly');
  }, 180_000);

  // Issue 20: one URL to open, PUBLIC_URL's (localhost by default), and the empty knowledge
  // base said in words, with where to fill it.
  it('prints one URL, and says in words that the knowledge base is empty', async () => {
    const port = String(await freePort());
    const server = spawnServer({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'samvad-process-')),
      PORT: port,
    });
    try {
      await waitUntilReady(server);
      await expect
        .poll(() => server.output(), { timeout: 15_000 })
        .toContain('The knowledge base is empty');
      const output = server.output();
      const publicUrl = `http://localhost:${port}`;
      expect(output).toContain(`is ready at ${publicUrl}`);
      expect(output).not.toContain('Server listening at');
      expect(new Set(output.match(/https?:\/\/[^\s"/]+/g))).toEqual(new Set([publicUrl]));
      expect(output).toContain('Add documents in Admin → Knowledge Base');
      expect(output).toContain('npm run ingest');
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
  }, 120_000);

  it('keeps its data across a restart', async () => {
    // Write through the same embedded database, while no server holds it.
    const direct = await openPglite(path.join(dataDir, 'pglite'));
    const user = await insertUser(direct.db, { name: 'Kept Across Restarts' });
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET });
    const { cookie } = await signIn(direct.db, config, user.id);
    await direct.close();

    const server = spawnServer({ ...(await env()), SESSION_SECRET: SECRET });
    try {
      await waitUntilReady(server);
      const res = await fetch(`${server.url}/api/auth/session`, { headers: { cookie } });
      const body = (await res.json()) as { user: { name: string } };
      expect(body.user.name).toBe('Kept Across Restarts');
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
  });

  // Issue 22: the built index is read from its snapshot at a restart, brought up to date with
  // what changed while the server was down, and answers from it.
  it('starts from its index snapshot, with a document added while it was stopped', async () => {
    const snapshotDir = mkdtempSync(path.join(tmpdir(), 'samvad-process-'));
    const ingestDirect = async (fileName: string, text: string) => {
      const direct = await openPglite(path.join(snapshotDir, 'pglite'));
      try {
        await direct.migrate();
        const outcome = await ingestFile(
          {
            db: direct.db,
            files: new FileStore(path.join(snapshotDir, 'files')),
            maxFileBytes: 1_000_000,
          },
          { fileName, bytes: new TextEncoder().encode(text), replace: false },
        );
        expect(outcome.status).toBe('ingested');
      } finally {
        await direct.close();
      }
    };
    const run = async (check: (server: ServerProcess) => Promise<void>) => {
      const server = spawnServer({
        DATA_DIR: snapshotDir,
        PORT: String(await freePort()),
        SESSION_SECRET: SECRET,
      });
      try {
        await waitUntilReady(server);
        await check(server);
      } finally {
        expect(await stopServer(server)).toBe(0);
      }
      return server.output();
    };
    await ingestDirect(
      'mahad.md',
      '# Mahad\n\nAt Mahad the untouchables drank water from the Chavdar tank, which was public.',
    );
    const first = await run(async () => {});
    expect(first).toContain('"reason":"missing"');
    expect(first).toContain('index snapshot saved');

    await ingestDirect(
      'nasik.md',
      '# Nasik\n\nThe Kalaram temple satyagraha at Nasik asked that the temple be opened to all.',
    );
    const direct = await openPglite(path.join(snapshotDir, 'pglite'));
    const user = await insertUser(direct.db, { name: 'Asks After A Restart' });
    const config = loadConfig({ DATA_DIR: snapshotDir, SESSION_SECRET: SECRET });
    const { token } = await signIn(direct.db, config, user.id);
    await direct.close();
    const second = await run(async (server) => {
      const status = await fetch(`${server.url}/api/knowledge/status`);
      expect(await status.json()).toEqual({ documents: 2 });
      const res = await fetch(`${server.url}/api/chat`, {
        method: 'POST',
        headers: {
          origin: `http://localhost:${new URL(server.url).port}`,
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ question: 'What did the Kalaram temple satyagraha ask?' }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { sources: { file_name: string }[] };
      expect(body.sources[0]?.file_name).toBe('nasik.md');
    });
    expect(second).toContain('index snapshot loaded');
    expect(second).toContain('"behind":1');
    expect(second).not.toContain('"reason"');
    // Two starts, two stops and two ingests: minutes on a busy shared machine.
  }, 240_000);

  it('exits non-zero and names the variable when the environment is invalid', async () => {
    const server = spawnServer({ DATA_DIR: dataDir, PORT: 'abc' });
    try {
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(/PORT: must be a whole number/);
    } finally {
      await stopServer(server);
    }
  });

  it('requires SESSION_SECRET in production', async () => {
    const server = spawnServer({ ...(await env()), NODE_ENV: 'production' });
    try {
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('SESSION_SECRET: is required when NODE_ENV=production');
    } finally {
      await stopServer(server);
    }
  });
});

describe.runIf(testEngine === 'postgres')('server process on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('creates its tables through the migrations when DATABASE_URL is set', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const before = await database.checkReady();
    expect(before).toEqual({ reachable: true, migrationsApplied: false });

    const server = spawnServer({
      DATABASE_URL: database.url ?? '',
      PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'samvad-process-')),
    });
    try {
      await waitUntilReady(server);
      const ready = (await (await fetch(`${server.url}/api/ready`)).json()) as ReadyResponse;
      expect(ready.database.kind).toBe('postgres');
      const tables = rowsOf<{ name: string }>(
        await database.db.execute(
          sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
        ),
      ).map((row) => row.name);
      expect(tables).toEqual(expect.arrayContaining(['sessions', 'users']));
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
  });

  it('lets several instances migrate the same database at once', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const servers = await Promise.all(
      [1, 2, 3].map(async () =>
        spawnServer({
          DATABASE_URL: database.url ?? '',
          PORT: String(await freePort()),
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'samvad-process-')),
        }),
      ),
    );
    try {
      await Promise.all(servers.map((server) => waitUntilReady(server)));
      expect(await database.checkReady()).toEqual({ reachable: true, migrationsApplied: true });
    } finally {
      // Every one stopped before any exit code is judged.
      const codes = await Promise.all(servers.map((server) => stopServer(server)));
      expect(codes).toEqual([0, 0, 0]);
    }
  });
});

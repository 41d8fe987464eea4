import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ReadyResponse } from '@samvad/contracts/health';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { rowsOf } from '../../src/db/migrations.ts';
import { openDatabase } from '../../src/db/open-database.ts';
import { STORAGE_RESERVE_BYTES } from '../../src/db/storage-space.ts';
import { createSession } from '../../src/services/session-service.ts';
import { insertUser } from '../support/fixtures.ts';
import {
  freePort,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitUntilReady,
} from '../support/server-process.ts';
import { mountTmpfs } from '../support/tmpfs.ts';

/**
 * Disk full on the embedded database (issue #19, finding 5). Before the fix a member's messages
 * filling DATA_DIR hung the server for good: PGlite spun on a WAL segment it could not create,
 * health timed out, SIGTERM was ignored. Here DATA_DIR is on a small tmpfs (root only; CI sets
 * SAMVAD_REQUIRE_TMPFS=1 so that a missing mount fails instead of skipping).
 */
const TMPFS_MB = 160;
/** What the server is left once the filler file is written: the reserve and a few MB above it. */
const HEADROOM_BYTES = 6 * 2 ** 20;
/** A message that does not compress (base64 of random bytes), so each one really takes space. */
const MESSAGE_CHARS = 16_000;
const SECRET = 'disk-full-secret-long-enough-0123456789abcdef';
/** start-server.ts stops within 25 s; a loaded machine gets the same. */
const SHUTDOWN_DEADLINE_MS = 25_000;

const tmpfs = mountTmpfs('samvad-diskfull-', TMPFS_MB);
const { mountPoint } = tmpfs;

afterAll(() => tmpfs.unmount());

describe('disk full on the embedded database', () => {
  beforeAll(() => {
    tmpfs.requireWhenAsked();
  });

  it('refuses writes with 507, keeps reads and health, recovers, stops on SIGTERM, loses nothing', async (ctx) => {
    if (tmpfs.failure) ctx.skip(tmpfs.failure);
    const dataDir = path.join(mountPoint, 'data');
    const port = String(await freePort());
    const env = {
      DATA_DIR: dataDir,
      PORT: port,
      HOST: '127.0.0.1',
      SESSION_SECRET: SECRET,
      LOG_LEVEL: 'info',
    };
    const config = loadConfig(env);
    const { member, admin } = await seed(config);
    let server: ServerProcess | null = spawnServer(env);
    try {
      await waitUntilReady(server);
      const call = caller(server.url);
      const limits = await call(admin, 'POST', `/api/admin/rate-limits/users/${member.id}`, {
        maxRequestsPerDay: -1,
        maxMessagesPerConversation: -1,
        maxConversations: -1,
      });
      expect(limits.status).toBe(200);

      // A member's messages fill the disk: the server stops them at the reserve, with 507.
      tmpfs.fill(STORAGE_RESERVE_BYTES + HEADROOM_BYTES);
      const writer = messageWriter(call, member.token);
      const refused = await writer.writeUntilRefused();
      expect(refused.status, JSON.stringify(refused.body)).toBe(507);
      expect(refused.body.error).toEqual({
        code: 'insufficient_storage',
        message: expect.stringContaining("The server's storage is full"),
      });
      expect(writer.acknowledged.size).toBeGreaterThan(0);
      expect((await call(member.token, 'POST', '/api/conversations', {})).status).toBe(507);

      // Reads and health go on, and readiness says why writes are refused.
      expect((await call(member.token, 'GET', '/api/conversations')).status).toBe(200);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      const ready = await fetch(`${server.url}/api/ready`);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as ReadyResponse).storage).toBe('full');
      // The guard says so once; each refused request logs 'request refused: storage full' besides.
      expect(logMessages(server, /^storage full/)).toHaveLength(1);

      // Space returns: writes go through again without a restart.
      tmpfs.empty();
      await expect
        .poll(async () => (await writer.writeOne()).status, { timeout: 15_000, interval: 500 })
        .toBe(201);
      expect(
        ((await (await fetch(`${server.url}/api/ready`)).json()) as ReadyResponse).storage,
      ).toBe('ok');
      expect(logMessages(server, /^storage writable again/)).toHaveLength(1);

      // Full again, then SIGTERM: the process stops within its shutdown deadline, cleanly.
      tmpfs.fill(STORAGE_RESERVE_BYTES - HEADROOM_BYTES);
      await expect
        .poll(async () => (await writer.writeOne()).status, { timeout: 5000, interval: 200 })
        .toBe(507);
      const stopping = server;
      const stopped = await Promise.race([
        stopServer(stopping),
        new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), SHUTDOWN_DEADLINE_MS)),
      ]);
      expect(stopped, stopping.output().slice(-2000)).toBe(0);
      server = null;

      // Every acknowledged message is there after the restart, and the server starts again.
      tmpfs.empty();
      const database = await openDatabase(config.database);
      try {
        const stored = new Set(
          rowsOf<{ content: string }>(
            await database.db.execute(
              sql`select m.content from messages m join conversations c on c.id = m.conversation_id
                  where c.user_id = ${member.id}`,
            ),
          ).map((row) => row.content),
        );
        const lost = [...writer.acknowledged].filter((content) => !stored.has(content));
        expect(lost, 'acknowledged messages lost').toEqual([]);
      } finally {
        await database.close();
      }
      server = spawnServer(env);
      await waitUntilReady(server);
      expect((await caller(server.url)(member.token, 'GET', '/api/conversations')).status).toBe(
        200,
      );
    } finally {
      if (server) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      tmpfs.empty();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start on a full disk with a readable error, not ErrnoError', async (ctx) => {
    if (tmpfs.failure) ctx.skip(tmpfs.failure);
    const dataDir = path.join(mountPoint, 'full-at-start');
    mkdirSync(dataDir, { recursive: true });
    try {
      tmpfs.fill(0);
      const server = spawnServer({
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        SESSION_SECRET: SECRET,
      });
      const code = await Promise.race([
        server.exited,
        new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 30_000)),
      ]);
      if (code === 'hung') server.child.kill('SIGKILL');
      expect(code, server.output()).toBe(1);
      expect(server.output()).toMatch(
        /samvad: DATA_DIR: no space left on device in .*full-at-start.* \(need at least 32 MB free to open the embedded database, 0\.0 MB free\)/,
      );
      expect(server.output()).not.toMatch(/ErrnoError|errno: 51|failed to initialize/);
    } finally {
      tmpfs.empty();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

type Caller = ReturnType<typeof caller>;
type Answer = Awaited<ReturnType<Caller>>;

function caller(baseUrl: string) {
  return async (token: string, method: string, url: string, body?: object) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : {}) as { error?: unknown; id?: string },
    };
  };
}

/**
 * Saves the member's messages, one at a time, recording those the server acknowledged (201).
 * A conversation that reaches a cap of its own (a 4xx other than 507) is left for a new one.
 */
function messageWriter(call: Caller, token: string) {
  const acknowledged = new Set<string>();
  let conversationId: string | null = null;
  const writeOne = async (): Promise<Answer> => {
    if (!conversationId) {
      const created = await call(token, 'POST', '/api/conversations', {});
      if (created.status !== 201) return created;
      conversationId = String(created.body.id);
    }
    const content = randomBytes((MESSAGE_CHARS * 3) / 4).toString('base64');
    const res = await call(token, 'POST', `/api/conversations/${conversationId}/messages`, {
      role: 'user',
      content,
    });
    if (res.status === 201) acknowledged.add(content);
    else if (res.status !== 507) conversationId = null;
    return res;
  };
  return {
    acknowledged,
    writeOne,
    /** Writes until a refusal that is not a conversation's own cap; fails after far too many. */
    async writeUntilRefused(): Promise<Answer> {
      const most = Math.ceil((2 * (STORAGE_RESERVE_BYTES + HEADROOM_BYTES)) / MESSAGE_CHARS);
      let capped = 0;
      for (let attempt = 0; attempt < most; attempt++) {
        const answer = await writeOne();
        if (answer.status === 201) continue;
        if (answer.status === 507 || ++capped > 50) return answer;
      }
      throw new Error(`no refusal after ${most} messages of ${MESSAGE_CHARS} characters`);
    },
  };
}

/** The `msg` of each JSON log line the server wrote that matches `pattern`. */
function logMessages(server: ServerProcess, pattern: RegExp): string[] {
  return server
    .output()
    .split('\n')
    .flatMap((line) => {
      try {
        const { msg } = JSON.parse(line) as { msg?: unknown };
        return typeof msg === 'string' && pattern.test(msg) ? [msg] : [];
      } catch {
        return [];
      }
    });
}

/** A member and an admin, signed in by bearer token, written before the server starts. */
async function seed(config: ReturnType<typeof loadConfig>) {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const now = new Date();
    const token = async (role: 'user' | 'admin') => {
      const user = await insertUser(database.db, { name: `Disk ${role}`, role });
      const session = await createSession(database.db, user.id, config.sessions, now, 'disk');
      return { id: user.id, token: session.token };
    };
    const member = await token('user');
    const admin = await token('admin');
    return { member, admin: admin.token };
  } finally {
    await database.close();
  }
}

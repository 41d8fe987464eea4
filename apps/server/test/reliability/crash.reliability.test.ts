import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { rowsOf } from '../../src/db/migrations.ts';
import { openDatabase } from '../../src/db/open-database.ts';
import { createSession } from '../../src/services/session-service.ts';
import { insertUser } from '../support/fixtures.ts';
import {
  freePort,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitUntilReady,
} from '../support/server-process.ts';

/**
 * Crash safety (issue #10): the real server takes acknowledged writes from a few concurrent
 * clients, is killed with SIGKILL at a random moment, and restarts; after every restart each
 * write it answered 2xx for must be there, the kept counts must equal their rows, and no usage
 * limit may be over-consumed.
 */
const ROUNDS = Number(process.env.RELIABILITY_ROUNDS ?? 20);
const WORKERS = 4;
/** The member's requests per day: low enough that the runs reach it. */
const REQUEST_LIMIT = 60;
/** A restart must be ready within this: a few seconds, with headroom for a loaded machine. */
const READY_WITHIN_MS = Number(process.env.RELIABILITY_READY_MS ?? 15_000);
/** A first start on an empty data directory, which creates the database, on a loaded machine. */
const FIRST_START_WITHIN_MS = 60_000;
const SECRET = 'reliability-secret-long-enough-0123456789abcdef';
const adminUrl = process.env.TEST_DATABASE_URL;
const serverMain = path.resolve(import.meta.dirname, '../../src/main.ts');

type Acknowledged = {
  conversations: Set<string>;
  /** Acknowledged chat requests: their conversation and question. */
  chats: { conversationId: string; question: string }[];
  posts: Set<string>;
  likes: Set<string>;
  refusedChats: number;
};

type EngineReport = {
  engine: string;
  rounds: number;
  writesPerRound: number[];
  readyMs: number[];
  chats: number;
  refusedChats: number;
  totalMs: number;
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
const reports: EngineReport[] = [];

afterAll(() => {
  for (const report of reports) {
    const writes = report.writesPerRound;
    const sum = writes.reduce((a, b) => a + b, 0);
    console.log(
      `[reliability] ${report.engine}: ${report.rounds} crashes, acknowledged writes per run ` +
        `min ${Math.min(...writes)} / mean ${(sum / writes.length).toFixed(1)} / max ${Math.max(...writes)} ` +
        `(total ${sum}; chats ${report.chats} answered, ${report.refusedChats} refused at the limit); ` +
        `ready after restart median ${median(report.readyMs)} ms, max ${Math.max(...report.readyMs)} ms; ` +
        `total ${(report.totalMs / 1000).toFixed(1)} s`,
    );
  }
});

describe('crash safety: SIGKILL at a random moment, then restart', () => {
  it(`keeps every acknowledged write on embedded PGlite (${ROUNDS} crashes)`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'samvad-reliability-'));
    try {
      await crashRounds('pglite', { DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    }
  });

  it.runIf(adminUrl)(
    `keeps every acknowledged write on PostgreSQL (${ROUNDS} crashes)`,
    async () => {
      const name = `samvad_rel_${randomBytes(5).toString('hex')}`;
      const url = new URL(adminUrl ?? '');
      await adminQuery(`create database ${name}`);
      url.pathname = `/${name}`;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'samvad-reliability-'));
      try {
        await crashRounds('postgres', { DATA_DIR: dataDir, DATABASE_URL: url.toString() });
      } finally {
        rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
        await adminQuery(`drop database if exists ${name} with (force)`);
      }
    },
  );
});

/**
 * In a container the server is often pid 1, and after a crash it starts again as pid 1: the lock
 * file it left names its own pid. Reproduced with a new pid namespace (needs `unshare`, root).
 */
describe.runIf(canUnshare())('crash safety: restarted under the same pid', () => {
  it('takes over the lock its previous life left, as pid 1 in a container', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'samvad-reliability-'));
    const port = String(await freePort());
    try {
      for (let life = 0; life < 3; life++) {
        const server = spawnAsPidOne({ DATA_DIR: dataDir, PORT: port, HOST: '127.0.0.1' });
        try {
          // The first life also creates the database (initdb, migrations): not a restart's time.
          await waitUntilReady(server, life === 0 ? FIRST_START_WITHIN_MS : READY_WITHIN_MS);
          expect(readFileSync(path.join(dataDir, 'pglite', 'samvad.lock'), 'utf8')).toBe('1');
        } finally {
          server.child.kill('SIGKILL');
          await server.exited;
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    }
  });
});

function canUnshare(): boolean {
  return spawnSync('unshare', ['--pid', '--fork', '--kill-child=SIGKILL', 'true']).status === 0;
}

/** Like spawnServer, but the server is pid 1 of a new pid namespace; SIGKILL reaches it too. */
function spawnAsPidOne(env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn(
    'unshare',
    ['--pid', '--fork', '--kill-child=SIGKILL', process.execPath, serverMain],
    {
      // EMBEDDINGS=off from the suite's config, as spawnServer passes it on.
      env: {
        PATH: process.env.PATH ?? '',
        ...(process.env.EMBEDDINGS ? { EMBEDDINGS: process.env.EMBEDDINGS } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, url: `http://127.0.0.1:${env.PORT}`, output: () => output, exited };
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function crashRounds(engine: string, base: Record<string, string>): Promise<void> {
  const started = Date.now();
  const port = String(await freePort());
  const env = {
    ...base,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    COMMUNITY_POSTS_PER_HOUR: '100000',
    COMMUNITY_LIKES_PER_HOUR: '100000',
  };
  const config = loadConfig(env);
  const { member, admin } = await seed(config);
  const report: EngineReport = {
    engine,
    rounds: 0,
    writesPerRound: [],
    readyMs: [],
    chats: 0,
    refusedChats: 0,
    totalMs: 0,
  };
  reports.push(report);
  const ack: Acknowledged = {
    conversations: new Set(),
    chats: [],
    posts: new Set(),
    likes: new Set(),
    refusedChats: 0,
  };

  // Every server this run starts; any still alive when it ends (a failed check) is killed.
  const live = new Set<ServerProcess>();
  const start = () => {
    const server = spawnServer(env);
    live.add(server);
    void server.exited.then(() => live.delete(server));
    return server;
  };
  let round = -1;
  try {
    // First start: the member's profile and a low daily request limit, both through the API.
    let server = start();
    await waitUntilReady(server);
    const call = caller(server.url);
    const profile = await call(member.token, 'POST', '/api/community/profiles', {
      username: `crash_${randomBytes(3).toString('hex')}`,
    });
    expect(profile.status).toBe(201);
    const limited = await call(admin.token, 'POST', `/api/admin/rate-limits/users/${member.id}`, {
      maxRequestsPerDay: REQUEST_LIMIT,
      maxMessagesPerConversation: 100,
      maxConversations: -1,
    });
    expect(limited.status).toBe(200);

    for (round = 0; round < ROUNDS; round++) {
      if (round > 0) {
        server = start();
        await waitUntilReady(server);
      }
      const before = acknowledgedCount(ack);
      const killed = await writeUntilKilled(server, member.token, ack);
      expect(killed).toBe('SIGKILL');
      report.writesPerRound.push(acknowledgedCount(ack) - before);

      // Restart after the crash: it must come up cleanly and soon.
      const restartAt = Date.now();
      const restarted = start();
      await waitUntilReady(restarted, READY_WITHIN_MS);
      report.readyMs.push(Date.now() - restartAt);
      expect((await fetch(`${restarted.url}/api/ready`)).status).toBe(200);
      // Stop it cleanly so the check below can open the database itself (PGlite is one process).
      const code = await stopServer(restarted);
      expect(code, restarted.output()).toBe(0);

      const database = await openDatabase(config.database);
      try {
        await verify(database, member.id, ack);
      } finally {
        await database.close();
      }
      report.rounds += 1;
    }
  } catch (error) {
    if (error instanceof Error) error.message = `${engine}, crash ${round + 1}: ${error.message}`;
    throw error;
  } finally {
    for (const server of live) server.child.kill('SIGKILL');
    await Promise.all([...live].map((server) => server.exited));
    report.chats = ack.chats.length;
    report.refusedChats = ack.refusedChats;
    report.totalMs = Date.now() - started;
  }
}

/** A member (signed in by bearer token) and an admin, written before the server first starts. */
async function seed(config: ReturnType<typeof loadConfig>) {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const now = new Date();
    const memberUser = await insertUser(database.db, { name: 'Crash Member' });
    const adminUser = await insertUser(database.db, { name: 'Crash Admin', role: 'admin' });
    const memberSession = await createSession(
      database.db,
      memberUser.id,
      config.sessions,
      now,
      'reliability',
    );
    const adminSession = await createSession(
      database.db,
      adminUser.id,
      config.sessions,
      now,
      'reliability',
    );
    return {
      member: { id: memberUser.id, token: memberSession.token },
      admin: { id: adminUser.id, token: adminSession.token },
    };
  } finally {
    await database.close();
  }
}

function caller(baseUrl: string) {
  return async (token: string, method: string, url: string, body?: object) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
}

function acknowledgedCount(ack: Acknowledged): number {
  return ack.conversations.size + ack.chats.length + ack.posts.size + ack.likes.size;
}

function pick<T>(items: T[]): T | undefined {
  return items[Math.floor(Math.random() * items.length)];
}

/**
 * Concurrent clients write until the server dies: it is sent SIGKILL after a random 150–1500 ms.
 * Only answers that arrived (2xx) are recorded; requests cut off by the kill are unknown.
 */
async function writeUntilKilled(
  server: ServerProcess,
  token: string,
  ack: Acknowledged,
): Promise<NodeJS.Signals | null> {
  const call = caller(server.url);
  let alive = true;
  const worker = async () => {
    while (alive) {
      try {
        await oneWrite(call, token, ack);
      } catch {
        // The connection died with the server; whatever was in flight is not acknowledged.
      }
    }
  };
  const workers = Array.from({ length: WORKERS }, worker);
  await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 1350));
  server.child.kill('SIGKILL');
  await server.exited;
  alive = false;
  await Promise.all(workers);
  return server.child.signalCode;
}

async function oneWrite(
  call: ReturnType<typeof caller>,
  token: string,
  ack: Acknowledged,
): Promise<void> {
  const choice = Math.random();
  const conversationId = pick([...ack.conversations]);
  if (choice < 0.2 || !conversationId) {
    const res = await call(token, 'POST', '/api/conversations', {});
    if (res.status === 201) ack.conversations.add(String(res.body.id));
  } else if (choice < 0.45) {
    const question = `crash question ${randomUUID()}`;
    const res = await call(token, 'POST', '/api/chat', {
      question,
      chat_history: [],
      conversation_id: conversationId,
    });
    if (res.status === 200) ack.chats.push({ conversationId, question });
    else if (res.status === 429) ack.refusedChats += 1;
    else throw new Error(`chat answered ${res.status}`);
  } else if (choice < 0.75 || ack.posts.size === 0) {
    const res = await call(token, 'POST', '/api/community/posts', {
      content: `crash post ${randomUUID()}`,
    });
    if (res.status === 201) ack.posts.add(String((res.body.post as { id: string }).id));
  } else {
    const unliked = [...ack.posts].filter((id) => !ack.likes.has(id));
    const postId = pick(unliked);
    if (!postId) return;
    const res = await call(token, 'POST', `/api/community/posts/${postId}/like`);
    if (res.status === 200) ack.likes.add(postId);
  }
}

async function verify(database: DatabaseHandle, memberId: string, ack: Acknowledged) {
  const { db } = database;
  const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(text));

  const conversationIds = new Set(
    (
      await query<{ id: string }>(sql`select id from conversations where user_id = ${memberId}`)
    ).map((row) => row.id),
  );
  for (const id of ack.conversations) expect(conversationIds, 'conversation').toContain(id);

  const messages = await query<{ conversation_id: string; role: string; content: string }>(
    sql`select m.conversation_id, m.role, m.content from messages m
        join conversations c on c.id = m.conversation_id where c.user_id = ${memberId}`,
  );
  const questions = new Set(
    messages.filter((m) => m.role === 'user').map((m) => `${m.conversation_id}|${m.content}`),
  );
  const answers = new Map<string, number>();
  for (const m of messages.filter((row) => row.role === 'assistant'))
    answers.set(m.conversation_id, (answers.get(m.conversation_id) ?? 0) + 1);
  const acknowledgedPer = new Map<string, number>();
  for (const chat of ack.chats) {
    expect(questions, 'question').toContain(`${chat.conversationId}|${chat.question}`);
    acknowledgedPer.set(chat.conversationId, (acknowledgedPer.get(chat.conversationId) ?? 0) + 1);
  }
  for (const [id, count] of acknowledgedPer)
    expect(answers.get(id) ?? 0, 'answers of acknowledged chats').toBeGreaterThanOrEqual(count);

  const postIds = new Set(
    (await query<{ id: string }>(sql`select id from posts where user_id = ${memberId}`)).map(
      (row) => row.id,
    ),
  );
  for (const id of ack.posts) expect(postIds, 'post').toContain(id);
  const liked = new Set(
    (
      await query<{ post_id: string }>(
        sql`select post_id from post_likes where user_id = ${memberId}`,
      )
    ).map((row) => row.post_id),
  );
  for (const id of ack.likes) expect(liked, 'like').toContain(id);

  // Kept counts equal their rows.
  expect(
    await query(sql`select p.id, p.like_count, (select count(*)::int from post_likes l where l.post_id = p.id) as likes
      from posts p where p.like_count <> (select count(*) from post_likes l where l.post_id = p.id)`),
    'posts.like_count drift',
  ).toEqual([]);
  expect(
    await query(sql`select p.user_id, p.post_count from profiles p
      where p.post_count <> (select count(*) from posts x where x.user_id = p.user_id)`),
    'profiles.post_count drift',
  ).toEqual([]);
  expect(
    await query(sql`select c.id, c.message_count from conversations c
      where c.message_count <> (select count(*) from messages m where m.conversation_id = c.id)`),
    'conversations.message_count drift',
  ).toEqual([]);

  // No limit over-consumed, and every acknowledged request counted.
  const days = await query<{ window: string; count: number }>(
    sql`select "window", count from usage_counters
        where subject = ${memberId} and kind = 'request' and length("window") = 10`,
  );
  for (const day of days)
    expect(day.count, `requests on ${day.window}`).toBeLessThanOrEqual(REQUEST_LIMIT);
  const counted = days.reduce((sum, day) => sum + day.count, 0);
  expect(counted, 'acknowledged requests counted').toBeGreaterThanOrEqual(ack.chats.length);
  expect(ack.chats.length, 'acknowledged requests').toBeLessThanOrEqual(
    REQUEST_LIMIT * Math.max(days.length, 1),
  );
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import {
  freePort,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitUntilReady,
} from './support/server-process.ts';
import { createTestDatabase, type TestDatabase, testEngine } from './support/test-database.ts';

// Two real server processes on one PostgreSQL database, as behind a load balancer: the same
// secret and public URL, their own data folders, one shared folder of originals. The client
// alternates between them; nothing may depend on which one it reached.

const SECRET = randomBytes(32).toString('base64url');
const PUBLIC_URL = 'http://localhost:3000';
const ADMIN_USERNAME = 'ops-admin';
const ADMIN_PASSWORD = 'Tamarind-Lantern-Orbit-42';

describe.runIf(testEngine === 'postgres')('several server instances on one database', () => {
  let database: TestDatabase;
  let servers: ServerProcess[] = [];
  const folders: string[] = [];
  let adminCookie = '';

  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'samvad-multi-'));
    folders.push(dir);
    return dir;
  };
  /** The server for the n-th call: 0, 1, 0, 1, … */
  const serverFor = (n: number) => {
    const server = servers[n % servers.length];
    if (!server) throw new Error('no server');
    return server;
  };
  const call = (
    server: ServerProcess,
    method: string,
    url: string,
    options: { cookie?: string; bearer?: string; body?: object; accept?: string } = {},
  ) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: {
        origin: PUBLIC_URL,
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...(options.accept ? { accept: options.accept } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
      },
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
  const ask = (server: ServerProcess, bearer: string, question: string) =>
    call(server, 'POST', '/api/chat', {
      bearer,
      accept: 'application/json',
      body: { question, chat_history: [] },
    });
  /** A member straight in the database, with a bearer session the servers accept. */
  const newMember = async (name: string) => {
    const user = await insertUser(database.db, { name });
    const config = loadConfig({ SESSION_SECRET: SECRET, PUBLIC_URL });
    const { token } = await signIn(database.db, config, user.id);
    return { id: user.id, token };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const files = folder();
    servers = await Promise.all(
      [0, 1].map(async () =>
        spawnServer({
          DATABASE_URL: database.url ?? '',
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
          PUBLIC_URL,
          DATA_DIR: folder(),
          FILES_DIR: files,
          SESSION_SECRET: SECRET,
          ADMIN_USERNAME,
          ADMIN_PASSWORD,
          LOG_LEVEL: 'warn',
        }),
      ),
    );
    await Promise.all(servers.map((server) => waitUntilReady(server)));
  });

  afterAll(async () => {
    for (const server of servers) expect(await stopServer(server)).toBe(0);
    await database?.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('accepts on one server a session made on the other', async () => {
    const [first, second] = [serverFor(0), serverFor(1)];
    const login = await call(first, 'POST', '/api/admin/login', {
      body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    const setCookie = login.headers.getSetCookie().find((c) => c.startsWith('samvad_session='));
    adminCookie = setCookie?.split(';')[0] ?? '';
    expect(adminCookie).not.toBe('');

    const session = await call(second, 'GET', '/api/auth/session', { cookie: adminCookie });
    const body = (await session.json()) as { user: { username: string; role: string } | null };
    expect(body.user).toMatchObject({ username: ADMIN_USERNAME, role: 'admin' });
    // An admin-only call on the second server, with the first server's session.
    expect((await call(second, 'GET', '/api/admin/users', { cookie: adminCookie })).status).toBe(
      200,
    );
  });

  it('never lets 100 parallel requests split across both servers exceed a limit', async () => {
    const member = await newMember('Limited Member');
    const set = await call(serverFor(1), 'POST', `/api/admin/rate-limits/users/${member.id}`, {
      cookie: adminCookie,
      body: { maxRequestsPerDay: 30, maxMessagesPerConversation: -1, maxConversations: -1 },
    });
    expect(set.status).toBe(200);

    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        ask(serverFor(n), member.token, 'What is the remedy for caste?'),
      ),
    );
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(70);
    const refused = responses.find((res) => res.status === 429);
    expect(await refused?.json()).toMatchObject({ type: 'request', used: 30, limit: 30 });
    // Both servers did some of the accepting.
    const acceptedBy = [0, 1].map((s) => statuses.filter((st, n) => n % 2 === s && st === 200));
    expect(acceptedBy.every((accepted) => accepted.length > 0)).toBe(true);
  });

  it('finds a document ingested through one server on the other within 5 seconds', async () => {
    const word = `quorvantine${randomBytes(3).toString('hex')}`;
    const fileName = `${word}.txt`;
    const text = `The ${word} canal of Melvoria carried river water across seventeen dry villages every summer, and the farmers of Melvoria paid for its upkeep together.\n`;
    const form = new FormData();
    form.append('files', new Blob([text]), fileName);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const upload = await fetch(`${serverFor(0).url}/api/admin/documents`, {
      method: 'POST',
      headers: {
        origin: PUBLIC_URL,
        cookie: adminCookie,
        'content-type': request.headers.get('content-type') ?? '',
      },
      body: Buffer.from(await request.arrayBuffer()),
    });
    expect(upload.status).toBe(200);
    const events = (await upload.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { type: string; file?: string; status?: string });
    expect(events.find((event) => event.type === 'result')).toMatchObject({
      file: fileName,
      status: 'ingested',
    });
    const ingestedAt = Date.now();

    const member = await newMember('Curious Member');
    const other = serverFor(1);
    let cited = false;
    while (!cited && Date.now() - ingestedAt < 5000) {
      const res = await ask(other, member.token, `What did the ${word} canal of Melvoria carry?`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { sources: { file_name: string }[] };
      cited = body.sources.some((source) => source.file_name === fileName);
      if (!cited) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(cited, `not cited by the other server within 5 s`).toBe(true);
  });

  it('applies a ban made through one server on the other at once', async () => {
    const member = await newMember('Soon Banned');
    const other = serverFor(1);
    expect((await ask(other, member.token, 'What is the Dhamma?')).status).toBe(200);

    const ban = await call(serverFor(0), 'PATCH', `/api/admin/users/${member.id}/ban-status`, {
      cookie: adminCookie,
      body: { banned: true, banReason: 'Testing bans across instances' },
    });
    expect(ban.status).toBe(200);

    const next = await ask(other, member.token, 'What is the Dhamma?');
    expect(next.status).toBe(403);
    expect(await next.json()).toMatchObject({
      error: { code: 'banned' },
      banned: true,
      reason: 'Testing bans across instances',
    });
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { loadPersona } from '../src/config/persona.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { openPostgres } from '../src/db/open-postgres.ts';
import { openKnowledgeBase } from '../src/retrieval/open-knowledge-base.ts';
import { OidcService } from '../src/services/oidc-service.ts';
import { createSession } from '../src/services/session-service.ts';
import { insertUser } from './support/fixtures.ts';
import { freePort } from './support/server-process.ts';
import { createTestDatabase, type TestDatabase, testEngine } from './support/test-database.ts';

/**
 * A PostgreSQL outage (issue #19): the API answers 503 with Retry-After, not 500, for reads and
 * writes alike, and serves again as soon as the database is back, without a restart. Two kinds
 * of outage: the server gone from the network (a loopback proxy in front of it, cut), and the
 * server up but turning this database's connections away (pg_terminate_backend, then
 * allow_connections false), as during a restart or a failover.
 */
describe.runIf(testEngine === 'postgres')('a PostgreSQL outage', () => {
  let database: TestDatabase;
  let proxy: CuttableProxy;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'samvad-outage-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.migrate();
    const target = new URL(database.url ?? '');
    proxy = await CuttableProxy.start(target.hostname, Number(target.port || 5432));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    await proxy?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The real app on `url`, and a member signed in by bearer token. */
  async function appOn(url: string) {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SESSION_SECRET: 'outage-secret-that-is-long-enough-0123456789',
    });
    const handle = openPostgres(url, 2);
    handles.push(handle);
    const app = await buildApp({
      config,
      database: handle,
      persona: await loadPersona(config.personaFile),
      knowledge: await openKnowledgeBase(config, handle.db),
      clock: () => new Date(),
      oidc: new OidcService(config),
    });
    apps.push(app);
    const user = await insertUser(database.db, { name: 'Outage Member' });
    const { token } = await createSession(
      database.db,
      user.id,
      config.sessions,
      new Date(),
      'test',
    );
    const headers = { authorization: `Bearer ${token}` };
    return {
      read: () => app.inject({ method: 'GET', url: '/api/conversations', headers }),
      write: () => app.inject({ method: 'POST', url: '/api/conversations', headers, payload: {} }),
    };
  }

  function expectUnavailable(res: Awaited<ReturnType<FastifyInstance['inject']>>) {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error).toEqual({
      code: 'unavailable',
      message: 'The database cannot be reached right now. Please try again in 5 seconds.',
    });
  }

  it('answers 503 with Retry-After while the network to the database is cut, then recovers', async () => {
    const api = await appOn(proxiedUrl(database.url ?? '', proxy.port));
    expect((await api.read()).statusCode).toBe(200);
    expect((await api.write()).statusCode).toBe(201);

    await proxy.cut();
    expectUnavailable(await api.read());
    expectUnavailable(await api.write());

    await proxy.restore();
    expect((await api.read()).statusCode).toBe(200);
    expect((await api.write()).statusCode).toBe(201);
  });

  it('answers 503 with Retry-After while the database turns connections away, then recovers', async () => {
    const api = await appOn(database.url ?? '');
    expect((await api.write()).statusCode).toBe(201);
    const name = new URL(database.url ?? '').pathname.slice(1);

    await adminQuery(`alter database ${name} with allow_connections false`);
    try {
      await adminQuery(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      );
      expectUnavailable(await api.read());
      expectUnavailable(await api.write());
    } finally {
      await adminQuery(`alter database ${name} with allow_connections true`);
    }
    expect((await api.read()).statusCode).toBe(200);
    expect((await api.write()).statusCode).toBe(201);
  });
});

describe.runIf(testEngine === 'pglite')('a database outage on embedded PGlite', () => {
  it('does not arise: the database is in the process (the error mapping is unit-tested)', (ctx) => {
    ctx.skip(
      'PostgreSQL only; src/http/error-handler.test.ts covers the mapping of outage and disk-full errors',
    );
  });
});

function proxiedUrl(url: string, port: number): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return proxied.toString();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A loopback TCP proxy to the database that can be cut (connections refused) and restored. */
class CuttableProxy {
  private server: Server;
  private readonly sockets = new Set<Socket>();
  readonly port: number;
  private readonly targetHost: string;
  private readonly targetPort: number;

  private constructor(port: number, targetHost: string, targetPort: number) {
    this.port = port;
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    this.server = this.makeServer();
  }

  static async start(host: string, port: number): Promise<CuttableProxy> {
    const proxy = new CuttableProxy(await freePort(), host, port);
    await proxy.listen();
    return proxy;
  }

  private makeServer(): Server {
    return createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
  }

  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  /** Every open connection reset, and no new one accepted (ECONNREFUSED). */
  async cut(): Promise<void> {
    const closed = new Promise((resolve) => this.server.close(resolve));
    for (const socket of this.sockets) socket.resetAndDestroy();
    await closed;
  }

  async restore(): Promise<void> {
    this.server = this.makeServer();
    await this.listen();
  }

  async close(): Promise<void> {
    if (this.server.listening) await this.cut();
  }
}

import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './database.ts';
import { checkDatabaseReady, migrationsFolder } from './migrations.ts';
import * as schema from './schema.ts';

/** Any number taken by no other advisory lock of ours; serialises concurrent migrators. */
const MIGRATION_LOCK_KEY = 7_401_992_031;

/**
 * How long a query waits for a connection (a new one, or a free one of the pool). pg's default
 * is for ever, so during an outage where packets vanish (rather than being refused) every request
 * would hang; this way they fail, and the error handler answers 503 with Retry-After.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** PostgreSQL through a pool; no connection is opened until the first query. */
export function openPostgres(url: string, poolMax: number): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A server that went away without a word is noticed by TCP keepalive, not by a hung query.
    keepAlive: true,
  });
  // An idle client that loses its server must not crash the process; the next query retries.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema });
  return {
    kind: 'postgres',
    db,
    storageDir: null,
    memoryBytes: () => 0,
    async migrate() {
      // Several instances may start together: one migrates, the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrate(drizzle({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    checkReady: () => checkDatabaseReady(db),
    close: () => pool.end(),
  };
}

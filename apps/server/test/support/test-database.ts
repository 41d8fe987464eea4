import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { openPglite } from '../../src/db/open-pglite.ts';
import { openPostgres } from '../../src/db/open-postgres.ts';
import { freshPgliteDataDir } from './pglite-template.ts';

export type TestEngine = 'pglite' | 'postgres';

/** Which engine this Vitest project runs on (see the root vitest.config.ts). */
export const testEngine: TestEngine =
  process.env.SAMVAD_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export type TestDatabase = DatabaseHandle & { url: string | null };

/**
 * A database of its own for one test file, so files run in parallel: an in-memory PGlite,
 * or a new PostgreSQL database on TEST_DATABASE_URL's server, dropped on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine === 'pglite') {
    return { ...(await openPglite(null, { loadDataDir: await freshPgliteDataDir() })), url: null };
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('SAMVAD_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `samvad_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 4);
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './database.ts';
import { lockDirectory } from './directory-lock.ts';
import { checkDatabaseReady, migrationsFolder } from './migrations.ts';
import * as schema from './schema.ts';

/** Embedded PostgreSQL (PGlite). `dir` null gives an in-memory database, for tests. */
export async function openPglite(dir: string | null): Promise<DatabaseHandle> {
  const unlock = dir ? lockDirectory(dir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create(dir ?? undefined);
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzle({ client, schema });
  return {
    kind: 'pglite',
    db,
    migrate: () => migrate(db, { migrationsFolder }),
    checkReady: () => checkDatabaseReady(db),
    async close() {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

import type { Config } from '../config/env.ts';
import type { DatabaseHandle } from './database.ts';
import { openPglite } from './open-pglite.ts';
import { openPostgres } from './open-postgres.ts';

export async function openDatabase(database: Config['database']): Promise<DatabaseHandle> {
  return database.kind === 'postgres'
    ? openPostgres(database.url, database.poolMax)
    : openPglite(database.dir);
}

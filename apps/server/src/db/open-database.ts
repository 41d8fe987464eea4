import type { Config } from '../config/env.ts';
import type { DatabaseHandle } from './database.ts';

/**
 * Each engine's driver is loaded only when it is the one configured: a process runs on one, and
 * the other's modules (pg, or PGlite and its WebAssembly) would only lengthen its start.
 */
export async function openDatabase(database: Config['database']): Promise<DatabaseHandle> {
  if (database.kind === 'postgres') {
    const { openPostgres } = await import('./open-postgres.ts');
    return openPostgres(database.url, database.poolMax);
  }
  const { openPglite } = await import('./open-pglite.ts');
  return openPglite(database.dir);
}

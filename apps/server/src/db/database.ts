import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

/** The one db handle type repositories receive, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  kind: DatabaseKind;
  db: Database;
  /**
   * The folder whose disk holds the data, when this process can see it (embedded PGlite on disk):
   * the storage guard watches its free space. Null for PostgreSQL (another machine's disk, which
   * reports itself full with SQLSTATE 53100) and for in-memory databases.
   */
  storageDir: string | null;
  /** Bytes of this process's memory the engine holds (PGlite's WebAssembly memory); 0 if none. */
  memoryBytes(): number;
  /** Applies committed migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** True when the database answers and every committed migration is applied. */
  checkReady(): Promise<{ reachable: boolean; migrationsApplied: boolean }>;
  close(): Promise<void>;
};

import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './database.ts';
import { lockDirectory } from './directory-lock.ts';
import { checkDatabaseReady, migrationsFolder } from './migrations.ts';
import { withPreparedStatements } from './pglite-statements.ts';
import { trackTableWrites } from './read-cache.ts';
import * as schema from './schema.ts';
import {
  assertRoomToStart,
  freeBytes,
  isDiskFullError,
  STORAGE_MINIMUM_TO_START_BYTES,
  STORAGE_RESERVE_BYTES,
  StorageFullError,
  storageFullAtStartMessage,
} from './storage-space.ts';
import { TableWriteClock } from './table-writes.ts';

/**
 * PGlite has no checkpointer: without one its WAL grows for as long as the process runs, and each
 * new 16 MB segment needs fresh disk (the failure that hung the server on a full disk; see
 * storage-space.ts). A checkpoint now and then, as PostgreSQL's checkpoint_timeout does, keeps
 * the WAL bounded and recycles old segments as the next ones, which need no new space.
 */
const CHECKPOINT_INTERVAL_MS = 5 * 60_000;

/**
 * PostgreSQL's default 128 MB of shared buffers grows PGlite's WebAssembly memory from its 128 MB
 * minimum to 189 MB, and its pages stay resident once touched: about 120 MB of a process's memory
 * at start (issue #22). An embedded database reads its files through Node's fs, which the OS
 * already caches, so a second large cache inside the process buys little; 32 MB holds the hot
 * pages (sessions, conversations, the chunks an answer reads) of this application. Set on the
 * command line: PGlite's `postgresqlconf` option would replace the data folder's postgresql.conf.
 */
const SHARED_BUFFERS = '32MB';

/**
 * PGlite's WebAssembly stays on V8's baseline compiler (Liftoff), ADR 029. Optimising its hot
 * functions in the background took ~450 MB of memory for about a second around the moment the
 * server became ready (RSS 770–900 MB at ready, 400 MB just after), and left ~60 MB more code
 * resident; queries are within the noise of the optimised code, because most of a query's time
 * is PGlite's JavaScript. V8 reads these flags when it compiles a module, so setting them before
 * the first PGlite is created is enough (a command-line flag would need every entry point).
 */
function compileWebAssemblyWithLiftoffOnly(): void {
  setFlagsFromString('--no-wasm-tier-up');
  setFlagsFromString('--no-wasm-dynamic-tiering');
}

/**
 * Embedded PostgreSQL (PGlite). `dir` null gives an in-memory database, for tests, which may
 * start from `loadDataDir` (a `dumpDataDir` tarball) instead of running initdb.
 */
export async function openPglite(
  dir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  if (dir) assertRoomToStart(dir);
  compileWebAssemblyWithLiftoffOnly();
  const unlock = dir ? withStartErrors(dir, () => lockDirectory(dir)) : () => {};
  let client: PGlite;
  let statements: PGlite;
  const writes = new TableWriteClock();
  try {
    client = await PGlite.create(dir ?? undefined, {
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
      ...(dir === null && options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    statements = await withPreparedStatements(client, writes);
  } catch (error) {
    unlock();
    throw dir ? startError(dir, error) : error;
  }
  const db = drizzle({ client: statements, schema });
  trackTableWrites(db, writes);
  const checkpoints = dir
    ? setInterval(() => {
        // On a nearly full disk even a checkpoint's WAL record could need a new segment; the
        // storage guard has stopped writes by then, and the WAL stops growing with them.
        // A failed checkpoint changes nothing: the WAL stays and the next one tries again.
        try {
          if (freeBytes(dir) < STORAGE_RESERVE_BYTES) return;
        } catch {
          return;
        }
        client.exec('checkpoint').catch(() => {});
      }, CHECKPOINT_INTERVAL_MS)
    : null;
  checkpoints?.unref();
  return {
    kind: 'pglite',
    db,
    storageDir: dir,
    // PGlite's Emscripten module is not in its types; the figure is for the start-up log only.
    memoryBytes: () =>
      (client as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength ?? 0,
    async migrate() {
      try {
        await migrate(db, { migrationsFolder });
      } catch (error) {
        throw dir ? startError(dir, error) : error;
      }
    },
    checkReady: () => checkDatabaseReady(db),
    async close() {
      if (checkpoints) clearInterval(checkpoints);
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * A start that failed because the disk is full says so, whatever shape the failure took
 * (`ErrnoError { errno: 51 }`, "PGlite failed to initialize properly", ENOSPC on the lock file).
 */
function startError(dir: string, error: unknown): unknown {
  if (error instanceof StorageFullError) return error;
  let free: number;
  try {
    free = freeBytes(dir);
  } catch {
    return error;
  }
  if (!isDiskFullError(error) && free >= STORAGE_MINIMUM_TO_START_BYTES) return error;
  return new StorageFullError(storageFullAtStartMessage(dir, free), { cause: error });
}

function withStartErrors<T>(dir: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw startError(dir, error);
  }
}

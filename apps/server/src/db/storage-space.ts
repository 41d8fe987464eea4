import { statfsSync } from 'node:fs';
import path from 'node:path';

/**
 * Why a full disk needs care on the embedded database (issue #19, reproduced on a 64 MB tmpfs):
 * PGlite runs PostgreSQL in single-user mode, with no checkpointer, so its WAL only grows while
 * the process runs and every 16 MB of it needs a new segment file. When creating that file fails
 * with ENOSPC inside a commit's critical section, PostgreSQL PANICs; a real server would restart,
 * but PGlite carries on with the WAL write lock still held, and the next commit's XLogFlush spins
 * for ever in LWLockAcquireOrWait (which cannot wait in a single process). That loop is
 * synchronous WebAssembly on the main thread: no health check, no SIGTERM handler, no recovery
 * when space returns. A relation that cannot grow, by contrast, fails cleanly (SQLSTATE 53100).
 * So writes stop while this much is still free: room for a few WAL segments.
 */
export const STORAGE_RESERVE_BYTES = 64 * 2 ** 20;

/** Below this the embedded database is not opened at all: crash recovery and migrations write. */
export const STORAGE_MINIMUM_TO_START_BYTES = 32 * 2 ** 20;

/** A start refused for lack of space, with a message an operator can act on. */
export class StorageFullError extends Error {
  override name = 'StorageFullError';
}

/**
 * Bytes an unprivileged process may still write on `dir`'s filesystem; a folder not made yet
 * (the first start) is measured on its nearest existing parent.
 */
export function freeBytes(dir: string): number {
  let current = path.resolve(dir);
  for (;;) {
    try {
      const stats = statfsSync(current);
      return stats.bavail * stats.bsize;
    } catch (error) {
      const parent = path.dirname(current);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === current) throw error;
      current = parent;
    }
  }
}

export function megabytes(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(bytes < 10 * 2 ** 20 ? 1 : 0)} MB`;
}

/** emscripten's errno for ENOSPC, as PGlite's file system reports it (`ErrnoError { errno: 51 }`). */
const EMSCRIPTEN_ENOSPC = 51;
/** SQLSTATE disk_full: PostgreSQL (and PGlite) could not extend a file. */
const DISK_FULL_SQLSTATE = '53100';

/**
 * True for every shape "the disk is full" takes here: Node's ENOSPC (file store, lock file),
 * PostgreSQL's disk_full, PGlite's emscripten errno, or the words themselves; looked for along the
 * cause chain, since Drizzle wraps the driver's error.
 */
export function isDiskFullError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    const { code, errno, message, cause } = current as {
      code?: unknown;
      errno?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (code === 'ENOSPC' || code === DISK_FULL_SQLSTATE) return true;
    if (errno === EMSCRIPTEN_ENOSPC && (current as Error).name === 'ErrnoError') return true;
    if (typeof message === 'string' && /no space left on device/i.test(message)) return true;
    current = cause;
  }
  return false;
}

/**
 * Refuses to open the embedded database on a nearly full disk, naming the folder and the space
 * needed, where PGlite itself would fail with `ErrnoError { errno: 51 }` or "failed to initialize".
 */
export function assertRoomToStart(dir: string, free: number = freeBytes(dir)): void {
  if (free >= STORAGE_MINIMUM_TO_START_BYTES) return;
  throw new StorageFullError(storageFullAtStartMessage(dir, free));
}

export function storageFullAtStartMessage(dir: string, free: number): string {
  return (
    `DATA_DIR: no space left on device in ${dir} (need at least ` +
    `${megabytes(STORAGE_MINIMUM_TO_START_BYTES)} free to open the embedded database, ` +
    `${megabytes(free)} free). Free some space on that disk, or set DATA_DIR to a larger one.`
  );
}

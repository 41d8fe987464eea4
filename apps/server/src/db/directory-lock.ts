import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DirectoryLockedError extends Error {
  override name = 'DirectoryLockedError';
}

/** Lock files this process holds, so that its own pid in a lock file can be told apart. */
const held = new Set<string>();

/**
 * PGlite is single-process: two servers on one data directory would corrupt it. The lock
 * file holds the owner's pid; a lock left by a process that no longer runs is taken over.
 * So is a lock bearing this process's own pid that it does not hold: left by a crashed
 * earlier process that had the same pid, as happens in a restarted container (pid 1 again).
 */
export function lockDirectory(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'samvad.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      held.add(file);
      return () => {
        held.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      const ours = owner === process.pid && !held.has(file);
      if (Number.isInteger(owner) && !ours && isRunning(owner)) {
        throw new DirectoryLockedError(
          `The embedded database in ${dir} is already in use by another Samvad process (pid ${owner}). ` +
            'Stop that process, or set DATA_DIR to another folder, or set DATABASE_URL to share PostgreSQL.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DirectoryLockedError(`Could not lock ${dir}: another process keeps taking the lock.`);
}

/** Whether a process with this id runs (EPERM: it does, as another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

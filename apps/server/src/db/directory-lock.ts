import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DirectoryLockedError extends Error {
  override name = 'DirectoryLockedError';
}

/**
 * PGlite is single-process: two servers on one data directory would corrupt it. The lock
 * file holds the owner's pid; a lock left by a process that no longer runs is taken over.
 */
export function lockDirectory(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'samvad.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && isRunning(owner)) {
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

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError } from '../config/env.ts';
import { DirectoryLockedError, lockDirectory } from '../db/directory-lock.ts';

/** The lock file of src/db/directory-lock.ts: never part of a backup or a restore. */
const LOCK_FILE = 'samvad.lock';

/** A file name for a backup taken now: `samvad-2026-11-22T09-30-00Z.tar.gz`. */
export function defaultBackupName(now = new Date()): string {
  return `samvad-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;
}

/**
 * Writes the embedded database in `dir` to `file` (a gzipped tar of the data directory, PGlite's
 * own format). Holds the directory lock meanwhile, so it refuses while a server runs on `dir`
 * (DirectoryLockedError) and no server can start during the copy: the backup is consistent.
 */
export async function backupPglite(dir: string, file: string): Promise<{ bytes: number }> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new Error(`No embedded database in ${dir} (is DATA_DIR right?)`);
  }
  const unlock = lockDirectory(dir);
  try {
    const client = await PGlite.create(dir);
    try {
      const dump = await client.dumpDataDir('gzip');
      const bytes = Buffer.from(await dump.arrayBuffer());
      mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      // Written beside the target, then renamed: a half-written backup never has the real name.
      const partial = `${file}.partial`;
      await writeFile(partial, bytes);
      renameSync(partial, file);
      return { bytes: bytes.length };
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

/**
 * Replaces the embedded database in `dir` with the backup in `file`. Refuses while a server runs
 * on `dir` (the directory lock). The backup is first loaded into a staging folder and opened;
 * only then is the current database moved aside (kept, its path returned) and the staged one
 * moved in.
 */
export async function restorePglite(
  dir: string,
  file: string,
): Promise<{ previous: string | null }> {
  const archive = await readFile(file);
  const unlock = lockDirectory(dir);
  const staging = `${dir}.restoring`;
  try {
    rmSync(staging, { recursive: true, force: true });
    const client = await PGlite.create({
      dataDir: staging,
      loadDataDir: new Blob([archive]),
    });
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
    rmSync(path.join(staging, LOCK_FILE), { force: true });

    const current = readdirSync(dir).filter((name) => name !== LOCK_FILE);
    let previous: string | null = null;
    if (current.length > 0) {
      previous = `${dir}.before-restore-${defaultBackupName().replace(/^samvad-|\.tar\.gz$/g, '')}`;
      mkdirSync(previous, { recursive: true });
      for (const name of current) renameSync(path.join(dir, name), path.join(previous, name));
    }
    for (const name of readdirSync(staging)) {
      renameSync(path.join(staging, name), path.join(dir, name));
    }
    return { previous };
  } finally {
    // Whether it worked or not (a broken file fails before anything is moved): no staging left.
    rmSync(staging, { recursive: true, force: true });
    unlock();
  }
}

/**
 * Runs a backup or restore command and exits with its code; a configuration or lock problem is
 * one plain line, anything else names the command that failed.
 */
export function runCommand(name: 'backup' | 'restore', main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof ConfigError || error instanceof DirectoryLockedError) {
        console.error(`samvad: ${error.message}`);
      } else {
        console.error(`samvad: ${name} failed:`, error instanceof Error ? error.message : error);
      }
      process.exit(1);
    },
  );
}

import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/** PGlite's version, from its package.json (its `exports` do not list that file). */
function pgliteVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  for (;;) {
    try {
      return (
        JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }
      ).version;
    } catch {
      const parent = path.dirname(dir);
      if (parent === dir) return 'unknown';
      dir = parent;
    }
  }
}

/**
 * A fresh PGlite data directory (initdb done, nothing else), as `dumpDataDir` writes it: an
 * in-memory database loaded from it starts in ~0.3 s, where initdb takes ~1.4 s of processor
 * time, in each of the ~100 PGlite test databases of a CI run. Made once per PGlite version and
 * kept in the system's temp folder for every test file and worker (each file has its own
 * modules, so a copy in memory would not outlive it); written under a temporary name and renamed,
 * so two workers making it at once both leave a whole file.
 */
export async function freshPgliteDataDir(): Promise<Blob> {
  const file = path.join(tmpdir(), `samvad-pglite-${pgliteVersion()}-initdb.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const pglite = await PGlite.create();
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  }
}

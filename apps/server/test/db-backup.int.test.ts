import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/open-pglite.ts';
import { users } from '../src/db/schema.ts';
import { insertUser } from './support/fixtures.ts';
import { runScript } from './support/run-script.ts';
import { testEngine } from './support/test-database.ts';

const cliDir = path.resolve(import.meta.dirname, '../src/cli');

/** Runs `npm run db:backup` / `db:restore`'s script as its own process. */
function runCli(script: 'db-backup.ts' | 'db-restore.ts', args: string[], dataDir: string) {
  return runScript(path.join(cliDir, script), args, { DATA_DIR: dataDir });
}

describe.runIf(testEngine === 'pglite')('backup and restore of the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'samvad-backup-'));
  const pgliteDir = path.join(dataDir, 'pglite');
  const backupFile = path.join(dataDir, 'backups', 'before.tar.gz');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const names = async () => {
    const database = await openPglite(pgliteDir);
    try {
      return (await database.db.select({ name: users.name }).from(users)).map((row) => row.name);
    } finally {
      await database.close();
    }
  };

  it('brings deleted and changed data back, and refuses while the database is in use', async () => {
    const database = await openPglite(pgliteDir);
    await database.migrate();
    const kept = await insertUser(database.db, { name: 'Kept By The Backup' });
    await database.close();

    const backup = await runCli('db-backup.ts', [backupFile], dataDir);
    expect(backup.output).toContain('Backed up');
    expect(backup.code).toBe(0);
    expect(existsSync(backupFile)).toBe(true);

    // After the backup: one row deleted, another added.
    const later = await openPglite(pgliteDir);
    await later.db.delete(users).where(eq(users.id, kept.id));
    await insertUser(later.db, { name: 'Added After The Backup' });
    await later.close();
    expect(await names()).toEqual(['Added After The Backup']);

    // While a process holds the data directory (as a running server does), no restore.
    const holder = await openPglite(pgliteDir);
    try {
      const refused = await runCli('db-restore.ts', [backupFile], dataDir);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('already in use by another Samvad process');
    } finally {
      await holder.close();
    }

    const restored = await runCli('db-restore.ts', [backupFile], dataDir);
    expect(restored.output).toContain('Restored');
    expect(restored.code).toBe(0);
    expect(await names()).toEqual(['Kept By The Backup']);
    const reopened = await openPglite(pgliteDir);
    expect(await reopened.checkReady()).toEqual({ reachable: true, migrationsApplied: true });
    await reopened.close();
    // The replaced database is kept beside it, not deleted.
    const previous = readdirSync(dataDir).filter((name) =>
      name.startsWith('pglite.before-restore-'),
    );
    expect(previous).toHaveLength(1);
  }, 60_000);

  it('explains its usage, and refuses a missing or broken file without touching the database', async () => {
    const usage = await runCli('db-restore.ts', [], dataDir);
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('npm run db:restore -- <file>');
    const missing = await runCli('db-restore.ts', [path.join(dataDir, 'nope.tar.gz')], dataDir);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('restore failed');
    const broken = path.join(dataDir, 'broken.tar.gz');
    writeFileSync(broken, 'not a backup');
    const refused = await runCli('db-restore.ts', [broken], dataDir);
    expect(refused.code).toBe(1);
    expect(await names()).toEqual(['Kept By The Backup']);
    expect(existsSync(`${pgliteDir}.restoring`)).toBe(false);
  }, 60_000);
});

// `npm run db:backup [-- <file>]`: a consistent copy of the embedded database (PGlite).
// PostgreSQL (DATABASE_URL set) is backed up with pg_dump; see docs/operations.md.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.ts';
import { backupPglite, defaultBackupName, runCommand } from './pglite-backup.ts';

const usage = `Usage:
  npm run db:backup                  write DATA_DIR/backups/samvad-<time>.tar.gz
  npm run db:backup -- <file>        write the backup to <file>
Stop the server first (the embedded database is single-process); restore with npm run db:restore.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help || positionals.length > 1) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    console.error(
      'samvad: DATABASE_URL is set: back PostgreSQL up with pg_dump (see docs/operations.md), e.g.\n' +
        '  pg_dump --format=custom --file=samvad.dump "$DATABASE_URL"',
    );
    return 2;
  }
  const file = path.resolve(
    positionals[0] ?? path.join(config.dataDir, 'backups', defaultBackupName()),
  );
  const started = Date.now();
  const { bytes } = await backupPglite(config.database.dir, file);
  console.log(
    `Backed up ${config.database.dir} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${Date.now() - started} ms)`,
  );
  return 0;
}

runCommand('backup', main);

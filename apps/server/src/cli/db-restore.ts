// `npm run db:restore -- <file>`: replaces the embedded database (PGlite) with a backup made by
// `npm run db:backup`. Refuses while a server runs on DATA_DIR; the replaced database is kept.
// PostgreSQL (DATABASE_URL set) is restored with pg_restore; see docs/operations.md.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.ts';
import { restorePglite, runCommand } from './pglite-backup.ts';

const usage = `Usage:
  npm run db:restore -- <file>       replace the embedded database in DATA_DIR with the backup
Stop the server first. The database it replaces is moved to DATA_DIR/pglite.before-restore-<time>.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h', default: false } },
  });
  const file = positionals[0];
  if (values.help || !file || positionals.length > 1) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    console.error(
      'samvad: DATABASE_URL is set: restore PostgreSQL with pg_restore (see docs/operations.md), e.g.\n' +
        '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" samvad.dump',
    );
    return 2;
  }
  const started = Date.now();
  const { previous } = await restorePglite(config.database.dir, file);
  console.log(`Restored ${file} into ${config.database.dir} (${Date.now() - started} ms)`);
  if (previous) console.log(`The database it replaced is kept in ${previous}`);
  return 0;
}

runCommand('restore', main);

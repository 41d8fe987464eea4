import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** How many migrations this build ships (drizzle-kit's journal). */
export const committedMigrationCount: number = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** Compares the applied migrations with the committed ones; false while any is missing. */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const exists = await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!rowsOf<{ present: boolean }>(exists)[0]?.present) return false;
  const applied = await db.execute(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return (rowsOf<{ count: number }>(applied)[0]?.count ?? 0) >= committedMigrationCount;
}

/** PGlite and node-postgres both answer execute() with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function checkDatabaseReady(
  db: Database,
): Promise<{ reachable: boolean; migrationsApplied: boolean }> {
  try {
    await db.execute(sql`select 1`);
  } catch {
    return { reachable: false, migrationsApplied: false };
  }
  return { reachable: true, migrationsApplied: await migrationsApplied(db) };
}

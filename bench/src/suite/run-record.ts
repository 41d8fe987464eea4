/**
 * What every benchmark does around its measurements: it says when the machine is busy before it
 * starts, describes the machine, and writes its record to bench/results/<area>-<date>.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { coresBusyElsewhere } from '../chat-bench/process-stats.ts';
import { BUSY_MACHINE_CORES } from '../chat-bench/report.ts';
import { localDate } from '../retrieval-bench/report.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export type Machine = {
  cpus: number;
  cpuModel: string;
  totalMemoryBytes: number;
  node: string;
  platform: string;
};

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    totalMemoryBytes: os.totalmem(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

/**
 * The cores other processes keep busy before the benchmark starts; above `threshold`, a warning
 * saying what that does to the figures (`consequence`).
 */
export async function warnWhenBusy(
  consequence: string,
  threshold = BUSY_MACHINE_CORES,
): Promise<number> {
  const busy = await coresBusyElsewhere();
  if (busy > threshold) {
    console.log(
      `WARNING: other processes keep ${busy.toFixed(2)} of ${os.cpus().length} cores busy: ${consequence}.`,
    );
  }
  return busy;
}

/** The --json file when given, else bench/results/<area>-<local date>.json. */
export function recordFile(area: string, given: string | undefined): string {
  return path.resolve(
    given ?? path.join(repoRoot, 'bench', 'results', `${area}-${localDate()}.json`),
  );
}

/** Writes the record as indented JSON and says where, and how long the benchmark took. */
export function writeRecord(file: string, record: { wallSeconds: number }): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  const relative = path.relative(process.cwd(), file);
  console.log(
    `\nWrote ${relative.startsWith('..') ? file : relative} (${record.wallSeconds.toFixed(0)} s in all)`,
  );
}

/** A figure rounded for a table, or null. */
export const fixed = (n: number | null, digits: number) =>
  n === null ? null : Number(n.toFixed(digits));

/**
 * The environment of a real server process under benchmark: production mode on loopback, its
 * own data folder and a fresh session secret; DATABASE_URL when it runs on PostgreSQL.
 */
export function benchServerEnv(options: {
  port: number;
  dataDir: string;
  logLevel: string;
  databaseUrl?: string | null;
}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: options.logLevel,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
}

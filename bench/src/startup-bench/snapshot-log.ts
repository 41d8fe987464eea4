/**
 * What a server's log says about its index snapshot (start-server.ts logs the keeper's events as
 * `index snapshot <event>` with `{snapshot: {...}}`): whether a start loaded the snapshot or built
 * the index, so the benchmark can prove each timed start measured what its row says it measured.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type SnapshotLog = {
  /** The `loaded` event: how long restoring took and how many documents it was behind. */
  loaded: { ms: number; behind: number; position: number } | null;
  /** `saved` events: written after a build, or at shutdown after catching up with changes. */
  saved: { ms: number; bytes: number }[];
  /** Why a snapshot could not be used ('missing', 'made by other code', …). */
  unusable: string[];
  /** Failed reads or writes (warn lines). */
  failed: string[];
};

/** The info lines these checks need: LOG_LEVEL must let them through. */
export const SNAPSHOT_LOG_LEVELS = ['info', 'debug', 'trace'];

export function readSnapshotLog(logFile: string): SnapshotLog {
  const result: SnapshotLog = { loaded: null, saved: [], unusable: [], failed: [] };
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('index snapshot')) continue;
    let entry: { msg?: string; snapshot?: Record<string, unknown>; err?: { message?: string } };
    try {
      entry = JSON.parse(line);
    } catch {
      continue; // not a pino line (a stack trace printed by something else)
    }
    const event = entry.snapshot;
    if (entry.msg?.startsWith('index snapshot: failed')) {
      result.failed.push(entry.err?.message ?? line.slice(0, 300));
    } else if (event?.event === 'loaded') {
      result.loaded = {
        ms: Number(event.ms),
        behind: Number(event.behind),
        position: Number(event.position),
      };
    } else if (event?.event === 'saved') {
      result.saved.push({ ms: Number(event.ms), bytes: Number(event.bytes) });
    } else if (event?.event === 'unusable') {
      result.unusable.push(String(event.reason));
    }
  }
  return result;
}

/**
 * Throws unless the start did what its mode says: 'build' (the first start: no snapshot yet, the
 * index built and a snapshot saved), 'snapshot' (loaded, nothing unusable or failed) or 'rebuild'
 * (INDEX_SNAPSHOT=false: no snapshot event at all).
 */
export function assertSnapshotLog(
  logFile: string,
  mode: 'build' | 'snapshot' | 'rebuild',
): SnapshotLog {
  const log = readSnapshotLog(logFile);
  const fail = (why: string) => {
    throw new Error(
      `${path.basename(logFile)}: a '${mode}' start ${why} (log: ${JSON.stringify(log)})`,
    );
  };
  if (log.failed.length > 0) fail('logged a failed snapshot read or write');
  if (mode === 'snapshot') {
    if (!log.loaded) fail('did not log "index snapshot loaded": it built the index instead');
    if (log.unusable.length > 0) fail('found the snapshot unusable');
  } else if (mode === 'rebuild') {
    if (log.loaded || log.saved.length > 0 || log.unusable.length > 0) {
      fail('logged snapshot events although INDEX_SNAPSHOT=false');
    }
  } else {
    if (log.loaded) fail('loaded a snapshot, but none should exist yet');
    if (log.saved.length === 0) fail('did not log "index snapshot saved"');
  }
  return log;
}

/**
 * Resolves once the log says the snapshot was saved: the first start writes it in the
 * background after ready, and stopping the server before then could cut the write short (it is
 * SIGKILLed 10 s after SIGTERM). A failed write is thrown at once.
 */
export async function waitForSnapshotSaved(logFile: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const log = readSnapshotLog(logFile);
    if (log.saved.length > 0) return;
    if (log.failed.length > 0) throw new Error(`saving the snapshot failed: ${log.failed[0]}`);
    if (performance.now() > deadline) {
      throw new Error(`${path.basename(logFile)}: no "index snapshot saved" in ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

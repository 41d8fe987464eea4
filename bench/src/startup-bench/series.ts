/**
 * The starts measured on one data set: a first, untimed start (no snapshot yet: it builds the
 * index and saves the snapshot), then `runs` rounds of three starts each, in alternating order
 * so that drift in the machine's load hits all alike: the server from its snapshot (the
 * default), the server with INDEX_SNAPSHOT=false (it rebuilds from every chunk, as every start
 * did before the snapshot: the same run's reference), and the bare node:http process. Each
 * server's log must show it did what its row claims (snapshot-log.ts); else the series fails.
 */
import path from 'node:path';
import { measureBareStart } from './bare-start.ts';
import type { DataSet } from './data.ts';
import { measureStart, type StartResult } from './measure.ts';
import type { QueryEmbedder } from './query-embedder.ts';
import { assertSnapshotLog, waitForSnapshotSaved } from './snapshot-log.ts';

export type StartMode = 'build' | 'snapshot' | 'rebuild';

export type TimedStart = StartResult & {
  mode: StartMode;
  /** From the log: restoring the snapshot and catching up with the change log, ms. */
  snapshotLoadMs: number | null;
  /** Documents changed since the snapshot was saved (0 in this benchmark). */
  snapshotBehind: number | null;
  /** Snapshots written by this start: 1 after the first build; 0 expected otherwise. */
  snapshotSaves: number;
  snapshotBytes: number | null;
  /** Requests to the query embedder (synthetic data set): before ready, and in all. */
  embeddingRequestsBeforeReady: number | null;
  embeddingRequests: number | null;
};

export type BareStart = { readyMs: number; rssAtReadyBytes: number };

export type Series = {
  first: TimedStart;
  snapshot: TimedStart[];
  rebuild: TimedStart[];
  bare: BareStart[];
  /** Snapshot starts that wrote a snapshot at stop (they had changes to catch up with). */
  warnings: string[];
};

export async function runSeries(options: {
  /** Names the log files: corpus, synthetic. */
  name: string;
  data: DataSet;
  runs: number;
  port: number;
  timeoutMs: number;
  /** A folder for CPU profiles of the timed starts (node --cpu-prof). */
  profileDir?: string | undefined;
  /** The loopback embedding endpoint the data set's server calls, if any. */
  embedder?: QueryEmbedder | undefined;
  step: (message: string) => void;
}): Promise<Series> {
  const { data, embedder } = options;
  const requestCount = () => Object.values(embedder?.requests ?? {}).reduce((a, b) => a + b, 0);

  const start = async (mode: StartMode, run: string): Promise<TimedStart> => {
    const logFile = path.join(data.dataDir, `server-${options.name}-${mode}-${run}.log`);
    const before = requestCount();
    // Set when ready is seen (an object: a closure's assignment to a `let` is not narrowed).
    const seen: { beforeReady: number | null } = { beforeReady: null };
    const result = await measureStart({
      env: mode === 'rebuild' ? { ...data.env, INDEX_SNAPSHOT: 'false' } : data.env,
      logFile,
      token: data.token,
      timeoutMs: options.timeoutMs,
      nodeOptions:
        mode !== 'build' && options.profileDir
          ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.profileDir)}`]
          : [],
      onReady: () => {
        seen.beforeReady = requestCount() - before;
      },
      ...(mode === 'build'
        ? { beforeStop: () => waitForSnapshotSaved(logFile, options.timeoutMs) }
        : {}),
    });
    const log = assertSnapshotLog(logFile, mode);
    if (embedder) {
      if (seen.beforeReady !== 0) {
        throw new Error(
          `${path.basename(logFile)}: ${seen.beforeReady} embedding requests before ready (every chunk has its vector: there should be none; by kind so far: ${JSON.stringify(embedder.requests)})`,
        );
      }
      // The first answer embeds its candidate sentences (as passages); chunks never.
      if (embedder.chunkTexts > 0) {
        throw new Error(
          `${embedder.chunkTexts} chunk texts or dimension probes sent to be embedded: expected none`,
        );
      }
    }
    return {
      ...result,
      mode,
      snapshotLoadMs: log.loaded?.ms ?? null,
      snapshotBehind: log.loaded?.behind ?? null,
      snapshotSaves: log.saved.length,
      snapshotBytes: log.saved.at(-1)?.bytes ?? null,
      embeddingRequestsBeforeReady: embedder ? seen.beforeReady : null,
      embeddingRequests: embedder ? requestCount() - before : null,
    };
  };

  // The very first start also creates the first-run administrator (a scrypt hash), meets a cold
  // file cache and has no snapshot yet; it is reported on its own, not among the runs.
  options.step('First start (untimed: builds the index and saves the snapshot; first-run admin)');
  const first = await start('build', 'first');
  await measureBareStart(options.port); // the same for the reference's first start
  const series: Series = { first, snapshot: [], rebuild: [], bare: [], warnings: [] };
  for (let run = 0; run < options.runs; run++) {
    const order =
      run % 2 === 0
        ? (['snapshot', 'rebuild', 'bare'] as const)
        : (['bare', 'rebuild', 'snapshot'] as const);
    options.step(`Run ${run + 1}/${options.runs}: ${order.join(', ')}`);
    for (const side of order) {
      if (side === 'bare') series.bare.push(await measureBareStart(options.port));
      else series[side].push(await start(side, String(run + 1)));
    }
  }
  series.snapshot.forEach((result, n) => {
    if (result.snapshotSaves > 0 || (result.snapshotBehind ?? 0) > 0) {
      series.warnings.push(
        `snapshot start ${n + 1} was ${result.snapshotBehind} documents behind and saved ${result.snapshotSaves} snapshots: it caught up with changes`,
      );
    }
  });
  return series;
}

/**
 * The chat benchmark's reference side (bare-relay.ts in a process of its own), and how several
 * runs of a level become one figure: the median of each percentile over the runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Percentiles } from '../retrieval-bench/measure.ts';
import { median, type SummaryRow, summaryRow } from '../suite/summary-row.ts';
import type { LevelResult, MemoryResult } from './levels.ts';
import { TTFT_P95_TARGETS_MS } from './report.ts';

const relayFile = path.join(import.meta.dirname, 'bare-relay.ts');

export type RelayProcess = { child: ChildProcess; url: string; pid: number; stop(): Promise<void> };

export async function startRelay(port: number, modelBaseUrl: string): Promise<RelayProcess> {
  const child = spawn(process.execPath, [relayFile, String(port), modelBaseUrl], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the relay exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the relay did not start within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (child.pid === undefined) throw new Error('the relay has no pid');
  return {
    child,
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const medianOf = (values: readonly Percentiles[]): Percentiles => ({
  p50: median(values.map((v) => v.p50)),
  p95: median(values.map((v) => v.p95)),
  p99: median(values.map((v) => v.p99)),
  mean: median(values.map((v) => v.mean)),
});

/** One level over several runs: each percentile's median; counts added up. */
export function medianLevel(runs: readonly LevelResult[]): LevelResult {
  const first = runs[0];
  if (!first) throw new Error('no runs');
  const mid = (pick: (run: LevelResult) => number) => median(runs.map(pick));
  return {
    ...first,
    rounds: runs.reduce((sum, run) => sum + run.rounds, 0),
    meanConcurrent: mid((run) => run.meanConcurrent),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    errorExamples: [...new Set(runs.flatMap((run) => run.errorExamples))].slice(0, 3),
    addedTtftMs: medianOf(runs.map((run) => run.addedTtftMs)),
    beforeModelMs: medianOf(runs.map((run) => run.beforeModelMs)),
    afterModelMs: medianOf(runs.map((run) => run.afterModelMs)),
    totalMs: medianOf(runs.map((run) => run.totalMs)),
    addedTotalMs: medianOf(runs.map((run) => run.addedTotalMs)),
    tokensPerStream: mid((run) => run.tokensPerStream),
    serverCpuMsPerRequest: mid((run) => run.serverCpuMsPerRequest),
    cpuCores: {
      server: mid((run) => run.cpuCores.server),
      bench: mid((run) => run.cpuCores.bench),
      others: mid((run) => run.cpuCores.others),
      ...(first.cpuCores.processes
        ? {
            processes: Object.fromEntries(
              Object.keys(first.cpuCores.processes).map((name) => [
                name,
                mid((run) => run.cpuCores.processes?.[name] ?? 0),
              ]),
            ),
          }
        : {}),
    },
    benchLoopDelayMs: {
      p99: mid((run) => run.benchLoopDelayMs.p99),
      max: Math.max(...runs.map((run) => run.benchLoopDelayMs.max)),
    },
  };
}

/** Added time to first token, ours beside the relay's, per level; and memory per open stream. */
export function chatSummary(
  ours: readonly LevelResult[],
  relay: readonly LevelResult[],
  memory: MemoryResult,
): SummaryRow[] {
  const rows = ours.map((level) => {
    const reference = relay.find((r) => r.streams === level.streams && r.shape === level.shape);
    const targetMs = level.shape === 'steady' ? TTFT_P95_TARGETS_MS[level.streams] : undefined;
    return summaryRow({
      area: 'chat',
      measure:
        `added TTFT p95, ${level.streams} stream${level.streams === 1 ? '' : 's'} ${level.streams === 1 ? '' : level.shape}`.trim(),
      unit: 'ms',
      ours: level.addedTtftMs.p95,
      reference: reference?.addedTtftMs.p95 ?? null,
      referenceName: 'bare node:http relay of the same model',
      ...(targetMs === undefined
        ? {}
        : {
            target: {
              text: `≤ ${targetMs} ms`,
              met: ({ ours: value }) => level.errors === 0 && value <= targetMs,
            },
          }),
    });
  });
  rows.push(
    summaryRow({
      area: 'chat',
      measure: `memory per open stream (live heap + external, ${memory.streams} open)`,
      unit: 'KB',
      ours: (memory.live?.bytesPerStream ?? memory.rssBytesPerStream) / 1024,
      reference: null,
      referenceName: null,
    }),
  );
  return rows;
}

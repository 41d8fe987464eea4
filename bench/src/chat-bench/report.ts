/** The printed tables of `npm run bench:chat`. */
import { renderTable } from '@samvad/server/cli/summary-table.ts';
import type { LevelResult, MemoryResult } from './levels.ts';

/** Issue targets: added TTFT p95 at a number of concurrent streams, in milliseconds. */
export const TTFT_P95_TARGETS_MS: Record<number, number> = { 50: 30, 200: 100 };

export function targetMet(level: LevelResult): boolean | null {
  const target = TTFT_P95_TARGETS_MS[level.streams];
  return target === undefined ? null : level.errors === 0 && level.addedTtftMs.p95 <= target;
}

const ms = (x: number) => Number(x.toFixed(1));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function latencyTable(levels: readonly LevelResult[]): string {
  return renderTable(
    [
      'streams',
      'load',
      'open (mean)',
      'requests',
      'errors',
      'added TTFT p50',
      'p95',
      'p99',
      'to model p50',
      'p95',
      'model→client p95',
      'stream total p50',
      'added total p95',
      'server CPU/req',
      'cores: server/bench/other',
      'target (p95)',
    ],
    levels.map((level) => {
      const target = TTFT_P95_TARGETS_MS[level.streams];
      const met = targetMet(level);
      return [
        level.streams,
        level.streams === 1 ? 'sequential' : level.shape,
        Number(level.meanConcurrent.toFixed(0)),
        level.requests,
        level.errors,
        ms(level.addedTtftMs.p50),
        ms(level.addedTtftMs.p95),
        ms(level.addedTtftMs.p99),
        ms(level.beforeModelMs.p50),
        ms(level.beforeModelMs.p95),
        ms(level.afterModelMs.p95),
        ms(level.totalMs.p50),
        ms(level.addedTotalMs.p95),
        `${level.serverCpuMsPerRequest.toFixed(1)} ms`,
        [level.cpuCores.server, level.cpuCores.bench, level.cpuCores.others]
          .map((cores) => cores.toFixed(2))
          .join(' / '),
        target === undefined ? '' : `≤ ${target} ms ${met ? '✓' : '✗'}`,
      ];
    }),
  );
}

/** Other processes busy enough during the run to make the timings unreliable. */
export const BUSY_MACHINE_CORES = 0.25;

export function memoryTable(memory: MemoryResult): string {
  const half = Math.floor(memory.streams / 2);
  const { live } = memory;
  const row = (label: string, rss: number, heap: number | undefined) => [
    label,
    mb(rss),
    heap === undefined ? '–' : mb(heap),
  ];
  return renderTable(
    ['server memory', 'RSS', 'live heap + external'],
    [
      row('idle', memory.idleRssBytes, live?.idle.liveBytes),
      row(`${half} streams open`, memory.halfOpenRssBytes, live?.halfOpen.liveBytes),
      row(`${memory.streams} streams open`, memory.openRssBytes, live?.open.liveBytes),
      row('after closing them', memory.afterCloseRssBytes, live?.afterClose.liveBytes),
      [
        'per open stream: (all − idle) / streams',
        kb(memory.rssBytesPerStream),
        live ? kb(live.bytesPerStream) : '–',
      ],
      [
        `per open stream: ${half} → ${memory.streams} slope`,
        kb(memory.marginalRssBytesPerStream),
        live ? kb(live.marginalBytesPerStream) : '–',
      ],
    ],
  );
}

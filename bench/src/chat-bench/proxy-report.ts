/** The tables and suite rows of `npm run bench:chat -- --instances <n>` (proxy-run.ts). */
import { renderTable } from '@samvad/server/cli/summary-table.ts';
import { type SummaryRow, summaryRow } from '../suite/summary-row.ts';
import type { LevelResult } from './levels.ts';
import { TTFT_P95_TARGETS_MS } from './report.ts';

/** The suite's name for these rows (bench-all.ts runs them as an area of their own). */
export const PROXY_AREA = 'chat-proxy';

const load = (level: LevelResult) => `${level.streams} ${level.shape}`;
const cores = (n: number | undefined) => (n === undefined ? '–' : n.toFixed(2));

/** Cores busy per process during each level, ours beside the reference's. */
export function processCpuTable(ours: readonly LevelResult[], relay: readonly LevelResult[]) {
  const names = (levels: readonly LevelResult[]) =>
    Object.keys(levels[0]?.cpuCores.processes ?? {});
  const ourNames = names(ours);
  const relayNames = names(relay);
  return renderTable(
    [
      'streams',
      ...ourNames,
      ...relayNames.map((name) => `ref. ${name}`),
      'bench (client + model)',
      'other (PostgreSQL, …)',
    ],
    ours.map((level) => {
      const reference = relay.find((r) => r.streams === level.streams && r.shape === level.shape);
      return [
        load(level),
        ...ourNames.map((name) => cores(level.cpuCores.processes?.[name])),
        ...relayNames.map((name) => cores(reference?.cpuCores.processes?.[name])),
        cores(level.cpuCores.bench),
        cores(level.cpuCores.others),
      ];
    }),
  );
}

/** The busiest of the server's processes (named `prefix` 1…n) during a level, in cores. */
export function busiestProcess(level: LevelResult | undefined, prefix: string): number {
  const entries = Object.entries(level?.cpuCores.processes ?? {});
  return Math.max(0, ...entries.filter(([name]) => name.startsWith(prefix)).map(([, n]) => n));
}

export function proxySummary(
  ours: readonly LevelResult[],
  relay: readonly LevelResult[],
  instances: number,
): SummaryRow[] {
  const setup = `${instances} instance${instances === 1 ? '' : 's'} behind nginx (PostgreSQL)`;
  const referenceName = `${instances === 1 ? 'a bare node:http relay' : `${instances} bare node:http relays`} behind the same nginx`;
  const matching = (level: LevelResult) =>
    relay.find((r) => r.streams === level.streams && r.shape === level.shape);
  const rows = ours.map((level) => {
    const targetMs = level.shape === 'steady' ? TTFT_P95_TARGETS_MS[level.streams] : undefined;
    return summaryRow({
      area: PROXY_AREA,
      measure: `added TTFT p95, ${level.streams} streams ${level.shape}, ${setup}`,
      unit: 'ms',
      ours: level.addedTtftMs.p95,
      reference: matching(level)?.addedTtftMs.p95 ?? null,
      referenceName,
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
  // One process saturating a core at 200 streams is what the instances are there to relieve.
  const heaviest = ours.find((level) => level.streams === 200 && level.shape === 'steady');
  if (heaviest) {
    rows.push(
      summaryRow({
        area: PROXY_AREA,
        measure: `CPU of the busiest instance, 200 streams steady, ${setup}`,
        unit: 'cores',
        ours: busiestProcess(heaviest, 'instance'),
        reference: busiestProcess(matching(heaviest), 'relay'),
        referenceName,
      }),
    );
  }
  return rows;
}

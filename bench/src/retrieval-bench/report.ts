/** The printed table and the JSON record of one benchmark run. */
import { renderTable } from '@samvad/server/cli/summary-table.ts';
import type { Bm25Stats } from '@samvad/server/retrieval/bm25-index.ts';
import { type SummaryRow, summaryRow } from '../suite/summary-row.ts';
import type { LatencyResult } from './measure.ts';
import type { LoadResult } from './postgres-reference.ts';

export const MEMORY_TARGET_BYTES = 150 * 1024 * 1024;
/** Issue #11: our p95 at most 1/20 of PostgreSQL full-text search's, measured in the same run. */
export const RETRIEVAL_P95_MAX_RATIO = 1 / 20;

export type OurSide = {
  buildSeconds: number;
  /** Heap + ArrayBuffer growth across the build, after full collections; null without --expose-gc. */
  heapDeltaBytes: number | null;
  stats: Bm25Stats;
  latency: LatencyResult;
};
export type ReferenceSide = { load: LoadResult; latency: LatencyResult };
export type Reference =
  | {
      status: 'measured';
      server: string;
      serverVersion: string;
      database: string;
      real: ReferenceSide;
      synthetic: ReferenceSide;
    }
  | { status: 'unreachable'; server: string; error: string };

export type Sizes = { real: OurSide; synthetic: OurSide };

const MB = 1024 * 1024;
const mb = (bytes: number | null | undefined) =>
  bytes === null || bytes === undefined ? '–' : `${(bytes / MB).toFixed(1)} MB`;
const ms = (x: number | undefined) =>
  x === undefined ? '–' : `${x < 10 ? x.toFixed(3) : x.toFixed(1)} ms`;
/** Two significant digits: ours can be a thousandth of the reference, which toFixed would hide. */
const ratio = (ours: number, theirs: number | undefined) =>
  theirs === undefined || theirs === 0 ? '–' : `${(ours / theirs).toPrecision(2)}×`;
const count = (n: number | undefined) => (n === undefined ? '–' : n.toLocaleString('en-US'));

/**
 * One row per measure; PostgreSQL's columns hold its nearest equivalent (load + GIN + ANALYZE for
 * build, on-disk sizes for memory), and ratios only where the two measure the same thing.
 */
export function resultTable(ours: Sizes, reference: Reference, queryCount: number): string {
  const size = ours.synthetic.stats.chunks.toLocaleString('en-US');
  const pgReal = reference.status === 'measured' ? reference.real : undefined;
  const pgSyn = reference.status === 'measured' ? reference.synthetic : undefined;
  const heap = ours.synthetic.heapDeltaBytes;
  const memoryTarget =
    heap === null ? '≤ 150 MB (unmeasured)' : `≤ 150 MB ${heap <= MEMORY_TARGET_BYTES ? '✓' : '✗'}`;
  const latencyRow = (label: string, key: 'p50' | 'p95' | 'p99' | 'mean', withRatio: boolean) => [
    label,
    ms(ours.real.latency[key]),
    ms(ours.synthetic.latency[key]),
    ms(pgReal?.latency[key]),
    ms(pgSyn?.latency[key]),
    withRatio ? ratio(ours.real.latency[key], pgReal?.latency[key]) : '',
    withRatio ? ratio(ours.synthetic.latency[key], pgSyn?.latency[key]) : '',
    '',
  ];
  const rows = [
    [
      'chunks',
      count(ours.real.stats.chunks),
      count(ours.synthetic.stats.chunks),
      count(pgReal?.load.rows),
      count(pgSyn?.load.rows),
      '',
      '',
      '',
    ],
    [
      'build (PG: load+GIN+ANALYZE)',
      `${ours.real.buildSeconds.toFixed(2)} s`,
      `${ours.synthetic.buildSeconds.toFixed(2)} s`,
      pgReal ? `${pgReal.load.seconds.toFixed(2)} s` : '–',
      pgSyn ? `${pgSyn.load.seconds.toFixed(2)} s` : '–',
      ratio(ours.real.buildSeconds, pgReal?.load.seconds),
      ratio(ours.synthetic.buildSeconds, pgSyn?.load.seconds),
      '',
    ],
    [
      'memory: heap Δ (PG: GIN size)',
      mb(ours.real.heapDeltaBytes),
      mb(heap),
      mb(pgReal?.load.indexBytes),
      mb(pgSyn?.load.indexBytes),
      '',
      '',
      memoryTarget,
    ],
    [
      'memory: approxBytes (PG: table)',
      mb(ours.real.stats.approxBytes),
      mb(ours.synthetic.stats.approxBytes),
      mb(pgReal?.load.tableBytes),
      mb(pgSyn?.load.tableBytes),
      '',
      '',
      '',
    ],
    ['terms', count(ours.real.stats.terms), count(ours.synthetic.stats.terms), '', '', '', '', ''],
    [
      'postings',
      count(ours.real.stats.postings),
      count(ours.synthetic.stats.postings),
      '',
      '',
      '',
      '',
      '',
    ],
    latencyRow('query p50', 'p50', true),
    latencyRow('query p95', 'p95', true),
    latencyRow('query p99', 'p99', true),
    latencyRow('query mean', 'mean', false),
    [
      `queries with no hit (of ${queryCount})`,
      count(ours.real.latency.emptyResults),
      count(ours.synthetic.latency.emptyResults),
      count(pgReal?.latency.emptyResults),
      count(pgSyn?.latency.emptyResults),
      '',
      '',
      '',
    ],
  ];
  return renderTable(
    [
      'measure',
      'real corpus',
      `${size} chunks`,
      'PG real',
      `PG ${size}`,
      'ours/PG real',
      `ours/PG ${size}`,
      'target',
    ],
    rows,
  );
}

/** YYYY-MM-DD in local time, as a reader of the results folder would expect. */
export function localDate(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The suite's rows: latency beside ts_rank_cd at both sizes, then build time and memory. */
export function retrievalSummary(ours: Sizes, reference: Reference): SummaryRow[] {
  const measured = reference.status === 'measured' ? reference : null;
  const sizes = [
    { label: `full shared corpus (${ours.real.stats.chunks} chunks)`, key: 'real' },
    { label: `${ours.synthetic.stats.chunks.toLocaleString('en-US')} chunks`, key: 'synthetic' },
  ] as const;
  const referenceName = 'PostgreSQL ts_rank_cd + GIN';
  return sizes.flatMap(({ label, key }) => [
    ...(['p50', 'p95', 'p99'] as const).map((p) =>
      summaryRow({
        area: 'retrieval',
        measure: `${p} latency, ${label}`,
        unit: 'ms',
        ours: ours[key].latency[p],
        reference: measured?.[key].latency[p] ?? null,
        referenceName,
        ...(p === 'p95'
          ? {
              target: {
                text: 'ratio ≤ 0.05 (1/20 of the reference)',
                met: ({ ratio }) => ratio !== null && ratio <= RETRIEVAL_P95_MAX_RATIO,
              },
            }
          : {}),
      }),
    ),
    summaryRow({
      area: 'retrieval',
      measure: `index build, ${label} (reference: load + GIN + ANALYZE)`,
      unit: 's',
      ours: ours[key].buildSeconds,
      reference: measured?.[key].load.seconds ?? null,
      referenceName,
    }),
    ...(ours[key].heapDeltaBytes === null
      ? []
      : [
          summaryRow({
            area: 'retrieval',
            measure: `index memory, ${label} (reference: table + GIN on disk)`,
            unit: 'MB',
            ours: (ours[key].heapDeltaBytes ?? 0) / MB,
            reference: measured
              ? (measured[key].load.tableBytes + measured[key].load.indexBytes) / MB
              : null,
            referenceName,
          }),
        ]),
  ]);
}

/**
 * A series' summary rows (suite/summary-row.ts) and its per-start table. The start from the
 * snapshot is held to the issue's targets and compared with the same run's rebuild (the start
 * as it was before the snapshot); the rebuild is compared with the bare node:http process.
 */
import { renderTable } from '@samvad/server/cli/summary-table.ts';
import { fixed } from '../suite/run-record.ts';
import { median, type SummaryRow, summaryRow } from '../suite/summary-row.ts';
import type { Series, TimedStart } from './series.ts';

const AREA = 'startup';
const REBUILD = 'the same server rebuilding the index (INDEX_SNAPSHOT=false), same run';
const BARE = 'bare node:http process, spawned and polled the same way';
const mb = (bytes: number) => bytes / 1024 / 1024;
const medianOf = (starts: readonly TimedStart[], key: 'readyMs' | 'rssAtReadyBytes') =>
  median(starts.map((start) => start[key]));

export function seriesSummary(
  series: Series,
  options: {
    /** e.g. 'embedded PGlite, whole shared corpus (4397 chunks)'. */
    scope: string;
    readyTargetMs: number;
    rssTargetMb: number;
    /** Said of the first-answer row, e.g. how the question is embedded. */
    answerNote?: string;
  },
): SummaryRow[] {
  const { snapshot, rebuild, bare } = series;
  const scope = options.scope;
  const bareReady = median(bare.map((start) => start.readyMs));
  const bareRss = mb(median(bare.map((start) => start.rssAtReadyBytes)));
  return [
    summaryRow({
      area: AREA,
      measure: `spawn → /api/ready 200 from the index snapshot, median (${scope})`,
      unit: 'ms',
      ours: medianOf(snapshot, 'readyMs'),
      reference: medianOf(rebuild, 'readyMs'),
      referenceName: REBUILD,
      target: {
        text: `≤ ${options.readyTargetMs} ms`,
        met: ({ ours }) => ours <= options.readyTargetMs,
      },
    }),
    summaryRow({
      area: AREA,
      measure: `spawn → /api/ready 200 from the index snapshot, max of ${snapshot.length} (${scope})`,
      unit: 'ms',
      ours: Math.max(...snapshot.map((start) => start.readyMs)),
      reference: Math.max(...rebuild.map((start) => start.readyMs)),
      referenceName: REBUILD,
    }),
    summaryRow({
      area: AREA,
      measure: `spawn → /api/ready 200 rebuilding the index (INDEX_SNAPSHOT=false), median (${scope})`,
      unit: 'ms',
      ours: medianOf(rebuild, 'readyMs'),
      reference: bareReady,
      referenceName: BARE,
    }),
    summaryRow({
      area: AREA,
      measure: `spawn → first answer with sources (POST /api/chat) from the index snapshot, median (${scope}${options.answerNote ? `; ${options.answerNote}` : ''})`,
      unit: 'ms',
      ours: median(snapshot.map((start) => start.firstAnswerMs)),
      reference: median(rebuild.map((start) => start.firstAnswerMs)),
      referenceName: REBUILD,
    }),
    summaryRow({
      area: AREA,
      measure: `resident memory (RSS) at ready from the index snapshot, median (${scope})`,
      unit: 'MB',
      ours: mb(medianOf(snapshot, 'rssAtReadyBytes')),
      reference: mb(medianOf(rebuild, 'rssAtReadyBytes')),
      referenceName: REBUILD,
      target: {
        text: `≤ ${options.rssTargetMb} MB`,
        met: ({ ours }) => ours <= options.rssTargetMb,
      },
    }),
    summaryRow({
      area: AREA,
      measure: `resident memory (RSS) at ready rebuilding the index (INDEX_SNAPSHOT=false), median (${scope})`,
      unit: 'MB',
      ours: mb(medianOf(rebuild, 'rssAtReadyBytes')),
      reference: bareRss,
      referenceName: 'bare node:http process',
    }),
  ];
}

/** Per start, three lines a run: from the snapshot, rebuilding, and the bare process. */
export function seriesTable(series: Series): string {
  const line = (run: number, start: TimedStart) => [
    run,
    start.mode,
    fixed(start.readyMs, 0),
    fixed(start.snapshotLoadMs, 0),
    fixed(start.firstAnswerMs, 0),
    fixed(start.firstAnswerOnlyMs, 0),
    fixed(start.secondAnswerOnlyMs, 0),
    fixed(mb(start.rssAtReadyBytes), 0),
    fixed(mb(start.rssAfterAnswersBytes), 0),
  ];
  const bareLine = (run: number, bare: Series['bare'][number]) => {
    const rss = fixed(mb(bare.rssAtReadyBytes), 0);
    return [run, 'bare', fixed(bare.readyMs, 0), null, null, null, null, rss, null];
  };
  const rows = series.snapshot.flatMap((snapshot, n) => {
    const rebuild = series.rebuild[n];
    const bare = series.bare[n];
    return [
      line(n + 1, snapshot),
      ...(rebuild ? [line(n + 1, rebuild)] : []),
      ...(bare ? [bareLine(n + 1, bare)] : []),
    ];
  });
  return renderTable(
    [
      'run',
      'start',
      'ready',
      'snapshot load (log)',
      'first answer',
      'answer alone',
      'second answer',
      'RSS at ready MB',
      'RSS after MB',
    ],
    rows,
  );
}

export function firstStartLine(first: TimedStart): string {
  const saved =
    first.snapshotBytes === null
      ? 'no snapshot saved'
      : `snapshot ${fixed(mb(first.snapshotBytes), 1)} MB saved`;
  return `First start (not among the runs; built the index, ${saved}): ready ${first.readyMs.toFixed(0)} ms, first answer ${first.firstAnswerMs.toFixed(0)} ms, RSS at ready ${mb(first.rssAtReadyBytes).toFixed(0)} MB.`;
}

/** The summary rows as the console table the benchmark has always printed. */
export function summaryConsoleTable(summary: readonly SummaryRow[]): string {
  return renderTable(
    ['measure', 'unit', 'ours', 'reference', 'ratio', 'target', 'met'],
    summary.map((row) => [
      row.measure,
      row.unit,
      fixed(row.ours, 0),
      fixed(row.reference, 0),
      fixed(row.ratio, 2),
      row.target ?? '–',
      row.met === null ? '–' : row.met ? 'yes' : 'NO',
    ]),
  );
}

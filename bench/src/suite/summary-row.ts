import { renderTable } from '@samvad/server/cli/summary-table.ts';
/**
 * The one shape every benchmark hands to `npm run bench` (bench-all.ts): a figure of ours, the
 * same figure of its reference measured in the same run, and the target it is held to. Each
 * benchmark writes its rows under `summary` in its JSON result; the suite only collects them.
 */
export type SummaryRow = {
  /** Which benchmark the row belongs to: retrieval, chat, api, ingestion, startup, web. */
  area: string;
  /** What is measured, e.g. 'p95 latency, full shared corpus'. */
  measure: string;
  unit: string;
  /** The median over the benchmark's runs. */
  ours: number;
  /** The reference's figure from the same run, or null when the measure has none. */
  reference: number | null;
  /** What the reference is, e.g. 'PostgreSQL ts_rank_cd'. */
  referenceName: string | null;
  /** ours ÷ reference (null without a reference). */
  ratio: number | null;
  /** The target in words, e.g. 'ratio ≤ 0.05', or null. */
  target: string | null;
  /** Whether the target is met; null when there is no target. */
  met: boolean | null;
};

export function summaryRow(
  row: Omit<SummaryRow, 'ratio' | 'met' | 'target'> & {
    /** Checks the row and says whether it meets its target. */
    target?: { text: string; met: (row: { ours: number; ratio: number | null }) => boolean };
  },
): SummaryRow {
  const ratio = row.reference === null || row.reference === 0 ? null : row.ours / row.reference;
  const { target, ...rest } = row;
  return {
    ...rest,
    ratio,
    target: target?.text ?? null,
    met: target ? target.met({ ours: row.ours, ratio }) : null,
  };
}

/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}

/** The rows as the console table every benchmark prints: measure, ours, reference, target, met. */
export function summaryTable(rows: readonly SummaryRow[]): string {
  return renderTable(
    ['measure', 'ours', 'reference', 'target', 'met'],
    rows.map((row) => [
      row.measure,
      `${row.ours.toFixed(2)} ${row.unit}`,
      row.reference === null ? '' : `${row.reference.toFixed(2)} (${row.referenceName})`,
      row.target ?? '',
      row.met === null ? '' : row.met ? 'yes' : 'NO',
    ]),
  );
}

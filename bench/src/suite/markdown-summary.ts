/** The short markdown page `npm run bench` writes beside its JSON record. */
import type { SummaryRow } from './summary-row.ts';

type SuiteRecord = {
  date: string;
  commit: string | null;
  machine: { cpus: number; cpuModel: string; node: string };
  areas: {
    area: string;
    file: string;
    seconds: number;
    error: string | null;
    carriedFrom?: { date: string; commit: string | null };
  }[];
  summary: SummaryRow[];
};

/** Enough digits to compare, without pretending to more precision than a noisy machine has. */
export function formatFigure(value: number, unit?: string): string {
  if (!Number.isFinite(value)) return '–';
  // Similarities are compared in the third and fourth decimal (0.975 against a 0.98 target).
  if (unit === '0..1') return value.toFixed(4);
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return Math.round(value).toLocaleString('en-US');
  if (magnitude >= 1) return value.toFixed(1);
  return value.toPrecision(2);
}

const cell = (text: string) => text.replaceAll('|', '\\|');

export function markdownSummary(record: SuiteRecord): string {
  const lines = [
    `# Benchmarks, ${record.date.slice(0, 10)}`,
    '',
    `Commit ${record.commit ?? '?'}; ${record.machine.cpus} × ${record.machine.cpuModel}, Node ${record.machine.node}.`,
    'Each figure is the median of several runs; the reference was measured in the same run.',
    '',
    '| area | measure | ours | reference | ratio | target | met |',
    '|---|---|---:|---:|---:|---|:-:|',
    ...record.summary.map((row) =>
      [
        row.area,
        cell(row.measure),
        `${formatFigure(row.ours, row.unit)} ${row.unit}`,
        row.reference === null
          ? '–'
          : `${formatFigure(row.reference, row.unit)} ${row.unit} (${cell(row.referenceName ?? '')})`,
        row.ratio === null ? '–' : `${formatFigure(row.ratio)}×`,
        cell(row.target ?? '–'),
        row.met === null ? '' : row.met ? '✓' : '✗',
      ]
        .join(' | ')
        .replace(/^/, '| ')
        .concat(' |'),
    ),
    '',
    '| benchmark | detailed record | seconds | outcome |',
    '|---|---|---:|---|',
    ...record.areas.map(
      (area) =>
        `| ${area.area} | ${area.file} | ${area.seconds.toFixed(0)} | ${area.error ? `failed: ${cell(area.error)}` : 'ok'}${area.carriedFrom ? ` (carried over from the run of ${area.carriedFrom.date.slice(11, 16)} UTC, commit ${area.carriedFrom.commit ?? '?'})` : ''} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

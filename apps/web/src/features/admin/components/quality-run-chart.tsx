import type { QualityRun } from '@samvad/contracts/quality-runs';
import { percent } from './quality-run-figures.tsx';

// The drawing's own units; the SVG stretches to its box.
const WIDTH = 600;
const HEIGHT = 160;
const PAD = 8;

type Finished = QualityRun & { figures: NonNullable<QualityRun['figures']> };

const SERIES = [
  { name: 'Hit@5', of: (run: Finished) => run.figures.overall.hit5, className: 'stroke-primary' },
  {
    name: 'False refusals',
    of: (run: Finished) => run.figures.overall.falseRefusals,
    className: 'stroke-destructive',
  },
] as const;

/**
 * The history of finished runs, oldest left: hit@5 and false refusals over all questions, as
 * lines in SVG (0–100 %). Screen readers get a summary and the table of runs beside it.
 */
export function QualityRunChart({ runs }: { runs: QualityRun[] }) {
  const finished = runs
    .filter((run): run is Finished => run.status === 'done' && run.figures !== null)
    .slice()
    .reverse();
  if (finished.length === 0) return null;
  const x = (index: number) =>
    finished.length === 1 ? WIDTH / 2 : PAD + (index * (WIDTH - 2 * PAD)) / (finished.length - 1);
  const y = (share: number) => PAD + (1 - share) * (HEIGHT - 2 * PAD);
  const last = finished[finished.length - 1];
  const summary = last
    ? `${finished.length} finished runs; the latest, run ${last.id}: hit@5 ${percent(last.figures.overall.hit5)}, false refusals ${percent(last.figures.overall.falseRefusals)}`
    : '';

  return (
    <figure className="grid gap-2" data-testid="quality-run-chart">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div
          aria-hidden
          className="flex h-40 flex-col justify-between text-right text-xs text-muted-foreground tabular-nums"
        >
          <span>100%</span>
          <span>50%</span>
          <span>0%</span>
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
          className="h-40 w-full rounded-lg bg-muted/30"
        >
          {SERIES.map((series) => (
            <g key={series.name} className={series.className}>
              <polyline
                fill="none"
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
                points={finished.map((run, i) => `${x(i)},${y(series.of(run))}`).join(' ')}
              />
              {finished.map((run, i) => (
                <circle
                  key={run.id}
                  cx={x(i)}
                  cy={y(series.of(run))}
                  r={3}
                  className="fill-card"
                  strokeWidth={2}
                  vectorEffect="non-scaling-stroke"
                  data-run={run.id}
                />
              ))}
            </g>
          ))}
        </svg>
      </div>
      <figcaption className="flex flex-wrap gap-4 pl-10 text-xs text-muted-foreground">
        {SERIES.map((series) => (
          <span key={series.name} className="flex items-center gap-1.5">
            <svg aria-hidden viewBox="0 0 12 12" className={`size-3 ${series.className}`}>
              <line x1={0} y1={6} x2={12} y2={6} strokeWidth={3} />
            </svg>
            {series.name}
          </span>
        ))}
        <span>Runs {finished.map((run) => run.id).join(', ')}, oldest first</span>
      </figcaption>
    </figure>
  );
}

import type { QualityRun, RunDiffEntry } from '@samvad/contracts/quality-runs';
import { useId, useState } from 'react';
import { useRunDiff } from '../api/get-run-diff.ts';
import { ListState } from './data-table.tsx';

const selectClass =
  'h-9 cursor-pointer rounded-xl border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25';

/** Where a run put a question: the expected page's rank, or what went wrong. */
function outcome(rank: number | null, refused: boolean): string {
  if (rank !== null) return `page found at ${rank}`;
  return refused ? "said 'not covered'" : 'page not found';
}

/**
 * Per question, what changed between two finished runs (issue #31): found → lost, lost → found,
 * and found at another rank, so a deployer sees what a new document or setting changed.
 */
export function QualityRunDiff({ runs }: { runs: QualityRun[] }) {
  const finished = runs.filter((run) => run.status === 'done');
  const [picked, setPicked] = useState<{ from: number; to: number } | null>(null);
  const pair =
    picked ??
    (finished.length >= 2 && finished[1] && finished[0]
      ? { from: finished[1].id, to: finished[0].id }
      : null);
  const diff = useRunDiff(pair);
  const fromId = useId();
  const toId = useId();
  if (finished.length < 2 || !pair) {
    return <p className="text-sm text-muted-foreground">Two finished runs can be compared.</p>;
  }
  const options = finished.map((run) => (
    <option key={run.id} value={run.id}>
      Run {run.id} ({new Date(run.startedAt).toLocaleDateString('en')})
    </option>
  ));

  return (
    <section aria-label="Compare two runs" className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor={fromId} className="text-sm font-medium">
            Compare run
          </label>
          <select
            id={fromId}
            value={pair.from}
            onChange={(event) => setPicked({ ...pair, from: Number(event.target.value) })}
            className={selectClass}
          >
            {options}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={toId} className="text-sm font-medium">
            with run
          </label>
          <select
            id={toId}
            value={pair.to}
            onChange={(event) => setPicked({ ...pair, to: Number(event.target.value) })}
            className={selectClass}
          >
            {options}
          </select>
        </div>
      </div>
      <ListState
        isPending={diff.isPending}
        error={diff.error}
        isEmpty={false}
        empty=""
        onRetry={() => void diff.refetch()}
      />
      {diff.data && (
        <div className="grid gap-3 md:grid-cols-3">
          <DiffList title="Found → lost" entries={diff.data.lost} />
          <DiffList title="Lost → found" entries={diff.data.found} />
          <DiffList title="Moved" entries={diff.data.moved} />
        </div>
      )}
    </section>
  );
}

function DiffList({ title, entries }: { title: string; entries: RunDiffEntry[] }) {
  return (
    <section aria-label={title} className="grid content-start gap-2 rounded-xl border p-3">
      <h3 className="text-sm font-semibold">
        {title} <span className="text-muted-foreground">({entries.length})</span>
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">None</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {entries.map((entry) => (
            <li key={entry.questionId} className="grid gap-0.5 break-words">
              <span className="font-medium">{entry.question}</span>
              <span className="text-xs text-muted-foreground">
                {entry.questionId}: {outcome(entry.fromRank, entry.fromRefused)} →{' '}
                {outcome(entry.toRank, entry.toRefused)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

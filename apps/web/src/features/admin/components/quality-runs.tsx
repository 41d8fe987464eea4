import type { QualityRun } from '@samvad/contracts/quality-runs';
import { Download, Play } from 'lucide-react';
import { Button } from '../../../shared/ui/button.tsx';
import { runResultsCsvUrl, useQualityRuns } from '../api/get-quality-runs.ts';
import { useQuestionSet } from '../api/get-question-set.ts';
import { useStartQualityRun } from '../api/start-quality-run.ts';
import { formatDateTime } from '../lib/format-date.ts';
import { bodyRowClass, headRowClass, ListState, TableFrame, Td, Th } from './data-table.tsx';
import { QualityRunChart } from './quality-run-chart.tsx';
import { QualityRunDiff } from './quality-run-diff.tsx';
import { percent, QualityRunFigures } from './quality-run-figures.tsx';
import { TabSection } from './tab-section.tsx';

/**
 * Runs of the question set against the live knowledge base (issue #31): started here, run by
 * the server in the background one question at a time, with their progress, figures, history
 * chart, comparison and CSV.
 */
export function QualityRuns() {
  const runs = useQualityRuns();
  const set = useQuestionSet();
  const start = useStartQualityRun();
  const list = runs.data?.runs ?? [];
  const running = list.find((run) => run.status === 'running');
  const latest = list.find((run) => run.status === 'done' && run.figures);

  return (
    <TabSection
      title="Runs"
      description="The question set asked through the same path as the chat, in the background, without slowing readers' answers."
      tools={
        <Button
          onClick={() => start.mutate(undefined)}
          disabled={Boolean(running) || start.isPending || !set.data?.total}
          className="h-9"
        >
          <Play aria-hidden />
          Run the question set
        </Button>
      }
    >
      {running && <RunProgress run={running} />}
      <ListState
        isPending={runs.isPending}
        error={runs.error}
        isEmpty={list.length === 0}
        empty="No runs yet."
        onRetry={() => void runs.refetch()}
      />
      {latest?.figures && (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">Latest results: run {latest.id}</h3>
          <QualityRunFigures figures={latest.figures} label={`Results of run ${latest.id}`} />
        </div>
      )}
      <QualityRunChart runs={list} />
      {list.length > 0 && <RunHistory runs={list} />}
      {list.length > 0 && <QualityRunDiff runs={list} />}
    </TabSection>
  );
}

function RunProgress({ run }: { run: QualityRun }) {
  const share = run.total === 0 ? 0 : run.done / run.total;
  return (
    <div className="grid gap-1.5">
      <p className="text-sm" aria-live="polite">
        Run {run.id}: {run.done} of {run.total} questions
      </p>
      <div
        role="progressbar"
        aria-label={`Run ${run.id} progress`}
        aria-valuemin={0}
        aria-valuemax={run.total}
        aria-valuenow={run.done}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: percent(share) }} />
      </div>
    </div>
  );
}

function RunHistory({ runs }: { runs: QualityRun[] }) {
  return (
    <TableFrame label="Run history" className="min-w-[720px]">
      <thead>
        <tr className={headRowClass}>
          <Th>Run</Th>
          <Th>Started</Th>
          <Th>Status</Th>
          <Th>Questions</Th>
          <Th>Hit@5</Th>
          <Th>MRR</Th>
          <Th>False refusals</Th>
          <Th>
            <span className="sr-only">Export</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={run.id} className={bodyRowClass}>
            <Td className="tabular-nums">{run.id}</Td>
            <Td className="whitespace-nowrap">{formatDateTime(run.startedAt)}</Td>
            <Td>{run.status === 'failed' ? `failed: ${run.error ?? ''}` : run.status}</Td>
            <Td className="tabular-nums">
              {run.done}/{run.total}
            </Td>
            <Td className="tabular-nums">
              {run.figures ? percent(run.figures.overall.hit5) : '—'}
            </Td>
            <Td className="tabular-nums">
              {run.figures ? run.figures.overall.mrr5.toFixed(2) : '—'}
            </Td>
            <Td className="tabular-nums">
              {run.figures ? percent(run.figures.overall.falseRefusals) : '—'}
            </Td>
            <Td>
              {run.status !== 'running' && (
                <a
                  href={runResultsCsvUrl(run.id)}
                  download
                  className="inline-flex items-center gap-1 text-sm underline underline-offset-2"
                >
                  <Download aria-hidden className="size-3.5" />
                  CSV<span className="sr-only"> of run {run.id}</span>
                </a>
              )}
            </Td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

import type { QualityRunList } from '@samvad/contracts/quality-runs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

export const QUALITY_RUNS_KEY = ['/api/admin/quality/runs'] as const;
/** While a run goes on, its progress is read this often. */
const PROGRESS_POLL_MS = 1000;

/** GET /api/admin/quality/runs: newest first, with progress and figures. */
export function getQualityRuns(): Promise<QualityRunList> {
  return apiFetch<QualityRunList>('/api/admin/quality/runs');
}

export function useQualityRuns() {
  return useQuery(
    queryOptions({
      queryKey: QUALITY_RUNS_KEY,
      queryFn: getQualityRuns,
      refetchInterval: (query) =>
        query.state.data?.runs.some((run) => run.status === 'running') ? PROGRESS_POLL_MS : false,
    }),
  );
}

/** GET /api/admin/quality/runs/{id}/results.csv: the Export CSV link (a download). */
export function runResultsCsvUrl(id: number): string {
  return `/api/admin/quality/runs/${id}/results.csv`;
}

import type { QualityRun } from '@samvad/contracts/quality-runs';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { QUALITY_RUNS_KEY } from './get-quality-runs.ts';

/** POST /api/admin/quality/runs: starts a run in the background. */
export function startQualityRun() {
  return apiFetch<{ run: QualityRun }>('/api/admin/quality/runs', { method: 'POST' });
}

export function useStartQualityRun() {
  return useAdminMutation({
    mutationFn: (_: undefined) => startQualityRun(),
    success: ({ run }) => ({
      title: 'Run started',
      description: `${run.total} questions, one at a time in the background`,
    }),
    failure: 'Failed to start the run',
    invalidates: [QUALITY_RUNS_KEY],
  });
}

import type { RunDiffResponse } from '@samvad/contracts/quality-runs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** GET /api/admin/quality/diff?from=&to=: per question, what changed between two runs. */
export function getRunDiff(from: number, to: number): Promise<RunDiffResponse> {
  return apiFetch<RunDiffResponse>(`/api/admin/quality/diff?from=${from}&to=${to}`);
}

export function useRunDiff(pair: { from: number; to: number } | null) {
  return useQuery(
    queryOptions({
      queryKey: ['/api/admin/quality/diff', pair],
      // Never called without a pair (enabled).
      queryFn: () => getRunDiff(pair?.from ?? 0, pair?.to ?? 0),
      enabled: pair !== null,
    }),
  );
}

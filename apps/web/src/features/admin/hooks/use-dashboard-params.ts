import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import {
  type DashboardParams,
  dashboardSearch,
  readDashboardParams,
} from '../lib/dashboard-params.ts';

/**
 * The dashboard's tab and filters, kept in the URL: each change is a history entry, so Back
 * returns to the previous tab or filter and a reload keeps them.
 */
export function useDashboardParams() {
  const [search, setSearch] = useSearchParams();
  const params = readDashboardParams(search);
  const update = useCallback(
    (changes: Partial<DashboardParams>, options?: { replace?: boolean }) =>
      setSearch(
        (current) => dashboardSearch({ ...readDashboardParams(current), ...changes }),
        options?.replace ? { replace: true } : undefined,
      ),
    [setSearch],
  );
  // A bare /admin: no tab or filter chosen yet, so the dashboard may pick where it opens.
  const isBare = search.toString() === '';
  return { params, update, isBare };
}

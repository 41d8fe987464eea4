import type { AdminAction } from '@samvad/contracts/admin';
import { isAdminAction } from './admin-actions.ts';

/** The dashboard's tabs, in order (spec admin-community §2, plus the knowledge base). */
export const DASHBOARD_TABS = [
  { value: 'users', label: 'Users' },
  { value: 'conversations', label: 'Conversations' },
  { value: 'metrics', label: 'User Metrics' },
  { value: 'logs', label: 'Admin Logs' },
  { value: 'limits', label: 'Rate Limits' },
  { value: 'knowledge-base', label: 'Knowledge Base' },
  { value: 'quality', label: 'Quality' },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];

/**
 * What the dashboard keeps in the URL, so a reload or Back returns to the same view: the tab and
 * each tab's filter.
 */
export interface DashboardParams {
  tab: DashboardTab;
  /** Users: the search text (trimmed). */
  q: string;
  /** Conversations: one user's id. */
  chatsOf: string;
  /** User Metrics: the user whose daily requests the chart shows. */
  metricsOf: string;
  /** Admin Logs: one action. */
  action: AdminAction | '';
  /** Rate Limits: the user id or email the per-user form starts with. */
  limitsFor: string;
}

const FILTERS = ['q', 'chatsOf', 'metricsOf', 'action', 'limitsFor'] as const;

function isTab(value: string | null): value is DashboardTab {
  return DASHBOARD_TABS.some((tab) => tab.value === value);
}

/** Reads the URL's parameters; unknown or missing values fall back to the defaults. */
export function readDashboardParams(search: URLSearchParams): DashboardParams {
  const tab = search.get('tab');
  const action = search.get('action');
  return {
    tab: isTab(tab) ? tab : 'users',
    q: search.get('q')?.trim() ?? '',
    chatsOf: search.get('chatsOf')?.trim() ?? '',
    metricsOf: search.get('metricsOf')?.trim() ?? '',
    action: isAdminAction(action) ? action : '',
    limitsFor: search.get('limitsFor')?.trim() ?? '',
  };
}

/** The URL parameters for `params`: defaults and empty filters are left out. */
export function dashboardSearch(params: DashboardParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.tab !== 'users') search.set('tab', params.tab);
  for (const name of FILTERS) {
    const value = params[name].trim();
    if (value) search.set(name, value);
  }
  return search;
}

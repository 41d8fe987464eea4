import type { ToastInput } from '../toast/toast-store.ts';

/** What a query may carry in `meta`; the app's QueryCache reads it. */
export interface AppQueryMeta extends Record<string, unknown> {
  /** Shown as a destructive toast when the query fails. */
  errorToast?: Pick<ToastInput, 'title' | 'description'>;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
  }
}

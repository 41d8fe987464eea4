import type { KnowledgeStatus } from '@samvad/contracts/knowledge-status';
import { KNOWLEDGE_STATUS_PATH } from '@samvad/contracts/knowledge-status-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** GET /api/knowledge/status (public): how many documents the knowledge base holds. */
export function getKnowledgeStatus(): Promise<KnowledgeStatus> {
  return apiFetch<KnowledgeStatus>(KNOWLEDGE_STATUS_PATH);
}

/** Where the server's page shell puts the status (apps/server/src/http/page-shell.ts). */
export const INLINED_KNOWLEDGE_STATUS_ID = 'samvad-knowledge-status';

/**
 * The status the server inlined into the page, so the welcome screen's first render is its last
 * (no change, no layout shift, when a call answers). None from Vite's dev server: then it is
 * fetched. A shape the app cannot read counts as none.
 */
function inlinedKnowledgeStatus(): KnowledgeStatus | undefined {
  const text = document.getElementById(INLINED_KNOWLEDGE_STATUS_ID)?.textContent;
  if (!text) return undefined;
  try {
    const status = JSON.parse(text) as Partial<KnowledgeStatus> | null;
    return typeof status?.documents === 'number' ? { documents: status.documents } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Dated at the page's navigation start, which is before the server wrote it: the inlined copy goes
 * stale no later than a fetched one would, and is then fetched again just the same. A page opened
 * by Back or Forward may be the browser's cached copy, of any age: stale at once (shown, and
 * fetched again as the screen mounts).
 */
function inlinedAt(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'back_forward' ? 0 : performance.timeOrigin;
}

/** How long a status is fresh: documents arrive while the app is open (an administrator adds them). */
const STALE_AFTER_MS = 60_000;

export const knowledgeStatusQueryOptions = () =>
  queryOptions({
    queryKey: [KNOWLEDGE_STATUS_PATH],
    queryFn: getKnowledgeStatus,
    initialData: inlinedKnowledgeStatus,
    initialDataUpdatedAt: inlinedAt,
    // A minute old at most when a screen that depends on it opens again.
    staleTime: STALE_AFTER_MS,
  });

export function useKnowledgeStatus() {
  return useQuery(knowledgeStatusQueryOptions());
}

/**
 * True only when the server said the knowledge base is empty: while loading, or when the call
 * failed, the usual texts stay (an outage is no reason to tell people nothing was added).
 */
export function useKnowledgeBaseEmpty(): boolean {
  return useKnowledgeStatus().data?.documents === 0;
}

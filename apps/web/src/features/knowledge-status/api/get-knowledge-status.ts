import type { KnowledgeStatus } from '@samvad/contracts/knowledge-status';
import { KNOWLEDGE_STATUS_PATH } from '@samvad/contracts/knowledge-status-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** GET /api/knowledge/status (public): how many documents the knowledge base holds. */
export function getKnowledgeStatus(): Promise<KnowledgeStatus> {
  return apiFetch<KnowledgeStatus>(KNOWLEDGE_STATUS_PATH);
}

export const knowledgeStatusQueryOptions = () =>
  queryOptions({
    queryKey: [KNOWLEDGE_STATUS_PATH],
    queryFn: getKnowledgeStatus,
    // Documents arrive while the app is open (an administrator uploads them): a minute old at
    // most when a screen that depends on it opens again.
    staleTime: 60_000,
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

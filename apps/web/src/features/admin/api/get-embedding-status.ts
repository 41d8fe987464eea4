import type { EmbeddingStatusResponse } from '@samvad/contracts/admin-documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

export const EMBEDDING_STATUS_KEY = ['/api/admin/embeddings'] as const;

/** GET /api/admin/embeddings: the embedding model's state and how far embedding has come. */
export function getEmbeddingStatus(): Promise<EmbeddingStatusResponse> {
  return apiFetch<EmbeddingStatusResponse>('/api/admin/embeddings');
}

/**
 * Whether the status will change by itself: the model is loading, or a run is going (or about
 * to: passages are waiting and the last run did not stop on an error). A failed model, embeddings
 * off and a stopped run change only at an upload or a restart.
 */
export function embeddingBusy(data: EmbeddingStatusResponse): boolean {
  if (data.state === 'failed' || data.state === 'off') return false;
  if (data.state === 'loading' || data.run.running) return true;
  return data.chunks.embedded < data.chunks.total && !data.run.error;
}

/**
 * Polled every 2 s while busy; left alone once all is done. Uploads and removals refresh it
 * (upload-documents.ts, remove-document.ts): they change what there is to embed.
 */
export function useEmbeddingStatus() {
  return useQuery(
    queryOptions({
      queryKey: EMBEDDING_STATUS_KEY,
      queryFn: getEmbeddingStatus,
      staleTime: 0,
      refetchInterval: (query) => {
        const data = query.state.data;
        if (!data) return query.state.error ? false : 2000;
        return embeddingBusy(data) ? 2000 : false;
      },
    }),
  );
}

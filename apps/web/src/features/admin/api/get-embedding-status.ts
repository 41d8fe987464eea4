import type { EmbeddingStatusResponse } from '@samvad/contracts/admin-documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

export const EMBEDDING_STATUS_KEY = ['/api/admin/embeddings'] as const;

/** GET /api/admin/embeddings: the embedding model's state and how far embedding has come. */
export function getEmbeddingStatus(): Promise<EmbeddingStatusResponse> {
  return apiFetch<EmbeddingStatusResponse>('/api/admin/embeddings');
}

/** Polled every 2 s while the model loads or a run is going; left alone once all is done. */
export function useEmbeddingStatus() {
  return useQuery(
    queryOptions({
      queryKey: EMBEDDING_STATUS_KEY,
      queryFn: getEmbeddingStatus,
      staleTime: 0,
      refetchInterval: (query) => {
        const data = query.state.data;
        if (!data) return 2000;
        const busy =
          data.state === 'loading' || data.run.running || data.chunks.embedded < data.chunks.total;
        return busy && data.state !== 'failed' && data.state !== 'off' ? 2000 : false;
      },
    }),
  );
}

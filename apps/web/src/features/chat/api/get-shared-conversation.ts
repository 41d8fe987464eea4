import { type SharedConversation, sharedConversationSchema } from '@samvad/contracts/conversations';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/**
 * GET /api/shared/{shareableId} with a cache-busting query and no-cache headers (spec §7). A
 * payload without a messages array is invalid.
 */
export async function getSharedConversation(shareableId: string): Promise<SharedConversation> {
  const body = await apiFetch<unknown>(
    `/api/shared/${encodeURIComponent(shareableId)}?t=${Date.now()}`,
    { headers: { 'cache-control': 'no-cache', pragma: 'no-cache' } },
  );
  return sharedConversationSchema.parse(body);
}

export function useSharedConversation(shareableId: string) {
  return useQuery({
    queryKey: ['/api/shared', shareableId],
    queryFn: () => getSharedConversation(shareableId),
    staleTime: 0,
  });
}

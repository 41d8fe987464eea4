import { QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '../shared/toast/toast-store.ts';

/** Spec §7 defaults: no retries, no refetch on focus, data never goes stale by itself. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (_error, query) => {
        const errorToast = query.meta?.errorToast;
        if (errorToast) toast({ ...errorToast, variant: 'destructive' });
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

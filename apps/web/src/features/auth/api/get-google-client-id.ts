import type { GoogleClientIdResponse } from '@samvad/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** GET /api/auth/google-client-id: `clientId` is null while sign-in is not configured. */
export function getGoogleClientId(): Promise<GoogleClientIdResponse> {
  return apiFetch<GoogleClientIdResponse>('/api/auth/google-client-id');
}

export const googleClientIdQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/google-client-id'],
    queryFn: getGoogleClientId,
    gcTime: Number.POSITIVE_INFINITY,
    // Fetched once at app start; a failure is final for this page (and toasted once).
    retryOnMount: false,
    meta: {
      errorToast: {
        title: 'Authentication Error',
        description: 'Failed to fetch Google configuration. Authentication may not work properly.',
      },
    },
  });

export function useGoogleClientId() {
  return useQuery(googleClientIdQueryOptions());
}

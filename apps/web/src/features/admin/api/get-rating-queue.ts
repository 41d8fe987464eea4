import type { RatingQueueResponse } from '@samvad/contracts/answer-feedback';
import type { RatingReason } from '@samvad/contracts/answer-feedback-rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** Resolving a rating refreshes every page of the queue. */
export const RATING_QUEUE_KEY = ['/api/admin/quality/ratings'] as const;

export interface RatingQueueFilters {
  rating: '' | 'up' | 'down';
  reason: '' | RatingReason;
  language: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  resolved: '' | 'true' | 'false';
}

/** GET /api/admin/quality/ratings: thumbs-down first, then newest. */
export function getRatingQueue(
  request: RatingQueueFilters & { page: number; pageSize: number },
): Promise<RatingQueueResponse> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request)) {
    if (value !== '' && value !== undefined) search.set(name, String(value));
  }
  return apiFetch<RatingQueueResponse>(`/api/admin/quality/ratings?${search.toString()}`);
}

export function useRatingQueue(request: RatingQueueFilters & { page: number; pageSize: number }) {
  return useQuery(
    queryOptions({
      queryKey: [...RATING_QUEUE_KEY, request],
      queryFn: () => getRatingQueue(request),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );
}

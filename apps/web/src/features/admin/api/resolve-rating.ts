import type { RatedAnswer, ResolveRatingRequest } from '@samvad/contracts/answer-feedback';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { RATING_QUEUE_KEY } from './get-rating-queue.ts';

/** PATCH /api/admin/quality/ratings/{id}. */
export function resolveRating({ id, ...body }: { id: number } & ResolveRatingRequest) {
  return apiFetch<{ rating: RatedAnswer }>(`/api/admin/quality/ratings/${id}`, {
    method: 'PATCH',
    body,
  });
}

/** The review queue's resolved toggle (with its note). */
export function useResolveRating() {
  return useAdminMutation({
    mutationFn: resolveRating,
    success: ({ rating }) => ({
      title: rating.resolved ? 'Marked resolved' : 'Reopened',
      description: rating.question.slice(0, 80),
    }),
    failure: 'Failed to update the rating',
    invalidates: [RATING_QUEUE_KEY],
  });
}

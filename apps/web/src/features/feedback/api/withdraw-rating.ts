import { apiFetch } from '../../../shared/api/api-client.ts';

/** DELETE /api/answer-ratings/{signature}: withdraw one's rating of that answer. */
export function withdrawRating(signature: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/answer-ratings/${encodeURIComponent(signature)}`, {
    method: 'DELETE',
  });
}

import type { AnswerRating, RateAnswerRequest } from '@samvad/contracts/answer-feedback';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** PUT /api/answer-ratings: rate an answer, or change one's rating of it. */
export function rateAnswer(request: RateAnswerRequest): Promise<{ rating: AnswerRating }> {
  return apiFetch<{ rating: AnswerRating }>('/api/answer-ratings', {
    method: 'PUT',
    body: request,
  });
}

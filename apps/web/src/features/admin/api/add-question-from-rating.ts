import type { QualityQuestion } from '@samvad/contracts/quality-runs';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { QUESTION_SET_KEY } from './get-question-set.ts';

type Expected = { id: number; file: string | null; page: number | null };

/** POST /api/admin/quality/ratings/{id}/question: the rated question joins the set. */
export function addQuestionFromRating({ id, file, page }: Expected) {
  return apiFetch<{ question: QualityQuestion }>(`/api/admin/quality/ratings/${id}/question`, {
    method: 'POST',
    body: { file, page },
  });
}

export function useAddQuestionFromRating() {
  return useAdminMutation({
    mutationFn: addQuestionFromRating,
    success: ({ question }) => ({
      title: 'Added to the question set',
      description: question.file
        ? `Expects ${question.file}${question.page ? `, page ${question.page}` : ''}`
        : "Expects 'not covered'",
    }),
    failure: 'Failed to add the question',
    invalidates: [QUESTION_SET_KEY],
  });
}

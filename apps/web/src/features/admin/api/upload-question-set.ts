import type { QuestionSetResponse } from '@samvad/contracts/quality-runs';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { QUESTION_SET_KEY } from './get-question-set.ts';

/** PUT /api/admin/quality/questions: the JSONL file's text replaces the set. */
export function uploadQuestionSet(content: string) {
  return apiFetch<QuestionSetResponse>('/api/admin/quality/questions', {
    method: 'PUT',
    body: { content },
  });
}

export function useUploadQuestionSet() {
  return useAdminMutation({
    mutationFn: uploadQuestionSet,
    success: (set) => ({
      title: 'Question set uploaded',
      description: `${set.total} ${set.total === 1 ? 'question' : 'questions'}`,
    }),
    failure: 'Failed to upload the question set',
    invalidates: [QUESTION_SET_KEY],
  });
}

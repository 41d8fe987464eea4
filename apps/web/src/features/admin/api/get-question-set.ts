import type { QuestionSetResponse } from '@samvad/contracts/quality-runs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

export const QUESTION_SET_KEY = ['/api/admin/quality/questions'] as const;

/** GET /api/admin/quality/questions: the deployment's question set, in file order. */
export function getQuestionSet(): Promise<QuestionSetResponse> {
  return apiFetch<QuestionSetResponse>('/api/admin/quality/questions');
}

export function useQuestionSet() {
  return useQuery(queryOptions({ queryKey: QUESTION_SET_KEY, queryFn: getQuestionSet }));
}

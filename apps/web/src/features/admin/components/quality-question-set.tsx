import { QUESTION_SET_MAX_BYTES, QUESTION_SET_MAX_LINES } from '@samvad/contracts/quality-runs';
import { useId, useState } from 'react';
import { apiErrorMessage } from '../../../shared/api/error-message.ts';
import { useQuestionSet } from '../api/get-question-set.ts';
import { useUploadQuestionSet } from '../api/upload-question-set.ts';
import { ListState } from './data-table.tsx';
import { TabSection } from './tab-section.tsx';

/** How many questions per language and kind: what the set covers, in one line each. */
function counts(values: string[]): string {
  const by = new Map<string, number>();
  for (const value of values) by.set(value, (by.get(value) ?? 0) + 1);
  return [...by.entries()].map(([name, n]) => `${name} ${n}`).join(', ');
}

/**
 * The deployment's question set (issue #31): a JSONL file in the team's format, uploaded whole;
 * a refused file shows the server's message, which names its bad lines.
 */
export function QualityQuestionSet() {
  const set = useQuestionSet();
  const upload = useUploadQuestionSet();
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const questions = set.data?.questions ?? [];

  async function choose(file: File | undefined) {
    if (!file) return;
    if (file.size > QUESTION_SET_MAX_BYTES) {
      setError(`The file is larger than ${QUESTION_SET_MAX_BYTES / 1024 / 1024} MB`);
      return;
    }
    setError(null);
    upload.mutate(await file.text(), {
      onError: (failure) => setError(apiErrorMessage(failure, 'The file could not be uploaded.')),
    });
  }

  return (
    <TabSection
      title="Question set"
      description={`Your own questions, one JSON object per line (the format of bench/qa: id, question, kind, language, file, page), at most ${QUESTION_SET_MAX_LINES.toLocaleString('en')}. A new file replaces the set.`}
    >
      <div className="grid gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium">
          Question set file (JSONL)
        </label>
        <input
          id={inputId}
          type="file"
          accept=".jsonl,.ndjson,.json,.txt"
          disabled={upload.isPending}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            void choose(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
          className="text-sm file:mr-3 file:cursor-pointer file:rounded-full file:border file:border-input file:bg-card file:px-4 file:py-1.5 file:text-sm"
        />
        {error && (
          <p id={errorId} role="alert" className="text-sm break-words text-destructive">
            {error}
          </p>
        )}
      </div>
      <ListState
        isPending={set.isPending}
        error={set.error}
        isEmpty={questions.length === 0}
        empty="No question set yet."
        onRetry={() => void set.refetch()}
      />
      {questions.length > 0 && (
        <dl className="grid gap-1 text-sm" aria-label="The question set">
          <div className="flex gap-2">
            <dt className="font-medium">Questions</dt>
            <dd data-testid="question-count">{set.data?.total}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-medium">Languages</dt>
            <dd>{counts(questions.map((q) => q.language))}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-medium">Kinds</dt>
            <dd>{counts(questions.map((q) => q.kind))}</dd>
          </div>
        </dl>
      )}
    </TabSection>
  );
}

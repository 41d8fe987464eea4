import type { RatedAnswer } from '@samvad/contracts/answer-feedback';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useAddQuestionFromRating } from '../api/add-question-from-rating.ts';

/**
 * Sharpening the question set from the review queue (issue #31): the rated question joins the
 * set with the file and page a right answer cites; no file means it should say 'not covered'.
 */
export function AddToQuestionSet({ entry }: { entry: RatedAnswer }) {
  const add = useAddQuestionFromRating();
  const first = entry.sources[0];
  const [file, setFile] = useState(first?.file_name ?? '');
  const [page, setPage] = useState(first?.page ? String(first.page) : '');
  const [error, setError] = useState<string | null>(null);
  const listId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const number = page.trim() === '' ? null : Number(page);
    if (number !== null && (!Number.isInteger(number) || number < 1)) {
      setError('A page is a whole number from 1');
      return;
    }
    if (!file.trim() && number !== null) {
      setError("An answer that should say 'not covered' has no page");
      return;
    }
    setError(null);
    add.mutate({ id: entry.id, file: file.trim() || null, page: number });
  }

  return (
    <details className="basis-full">
      <summary className="cursor-pointer text-sm font-medium">Add to question set</summary>
      <form
        onSubmit={submit}
        aria-label={`Add to question set: ${entry.question}`}
        className="mt-2 flex flex-wrap items-end gap-3"
      >
        <TextField
          label="Expected file"
          hint="Empty: it should have said 'not covered'"
          value={file}
          list={listId}
          onChange={(event) => setFile(event.currentTarget.value)}
          className="min-w-0 flex-1 basis-56"
        />
        <datalist id={listId}>
          {[...new Set(entry.sources.map((source) => source.file_name))].map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <TextField
          label="Expected page"
          inputMode="numeric"
          value={page}
          onChange={(event) => setPage(event.currentTarget.value)}
          error={error ?? undefined}
          className="w-32"
        />
        <Button type="submit" variant="outline" disabled={add.isPending} className="h-10">
          Add
        </Button>
      </form>
    </details>
  );
}

import { DOCUMENT_AUTHOR_MAX_LENGTH } from '@samvad/contracts/admin-document-rules';
import type { AdminDocument } from '@samvad/contracts/admin-documents';
import { SOURCE_TITLE_MAX_LENGTH } from '@samvad/contracts/source-rules';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useUpdateDocumentDetails } from '../api/update-document-details.ts';
import type { FormErrors } from '../lib/admin-forms.ts';
import {
  type DetailsField,
  type DetailsValues,
  detailsErrorsOf,
  detailsRequestOf,
  detailsValuesOf,
} from '../lib/document-details-form.ts';

/**
 * Edit details (issue #29, ADR 034): the title, author, volume and year answers cite the
 * document by. New answers use them at once; answers already given keep what they said.
 */
export function KnowledgeBaseDetailsDialog({
  document,
  onClose,
}: {
  document: AdminDocument;
  onClose(): void;
}) {
  const [values, setValues] = useState<DetailsValues>(() => detailsValuesOf(document));
  // What this form refuses itself (a year that is not a number); the rest is the server's
  // refusal, read from the mutation until the next Save.
  const [local, setLocal] = useState<FormErrors<DetailsField> | null>(null);
  const save = useUpdateDocumentDetails({ onSuccess: onClose });
  const errors = local ?? detailsErrorsOf(save.error);

  const set = (field: DetailsField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const made = detailsRequestOf(values);
    if ('errors' in made) {
      setLocal(made.errors);
      return;
    }
    setLocal(null);
    save.mutate({ id: document.id, details: made.request });
  };

  const extracted = document.extractedTitle;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !save.isPending && onClose()}
      title="Edit details"
      description={
        <>
          How answers cite{' '}
          <span className="font-medium break-words text-foreground">{document.fileName}</span>.
          Answers given before keep what they said.
        </>
      }
      className="max-w-lg"
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextField
          label="Title"
          value={values.title}
          onChange={set('title')}
          maxLength={SOURCE_TITLE_MAX_LENGTH}
          error={errors?.fields.title}
          hint={titleHint(values.title.trim(), extracted, document.titleSource === 'file_name')}
        />
        <TextField
          label="Author"
          value={values.author}
          onChange={set('author')}
          maxLength={DOCUMENT_AUTHOR_MAX_LENGTH}
          error={errors?.fields.author}
          hint="Cited for the work's own words; a speaker in a debate stays the speaker."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Volume"
            value={values.volume}
            onChange={set('volume')}
            inputMode="numeric"
            placeholder="e.g. 1"
            error={errors?.fields.volume}
            hint="Empty: read from the title or file name."
          />
          <TextField
            label="Year"
            value={values.year}
            onChange={set('year')}
            inputMode="numeric"
            placeholder="e.g. 1936"
            error={errors?.fields.year}
            hint="Empty: read from the title or file name."
          />
        </div>
        {errors?.form && (
          <p role="alert" className="text-sm text-destructive">
            {errors.form}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending && <LoaderCircle aria-hidden className="animate-spin" />}
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * Where the title field's value comes from. A title made from the file name is said to be one
 * (issue #29 item 5): the file names itself nowhere, so a real title is the admin's to give.
 */
function titleHint(typed: string, extracted: string, fromFileName: boolean): string {
  if (fromFileName) {
    return typed === extracted
      ? 'Made from the file name: the file names itself nowhere. Give the work’s title.'
      : `Made from the file name: ${extracted}.`;
  }
  return typed === extracted
    ? 'As read from the file.'
    : `Read from the file: ${extracted}. Give it again to use it.`;
}

import type { Collection } from '@samvad/contracts/community';
import {
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_TITLE_MAX_LENGTH,
  codePointLength,
} from '@samvad/contracts/community-rules';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { Checkbox } from '../../../shared/ui/checkbox.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { TextareaField } from '../../../shared/ui/textarea.tsx';
import { CharacterCount } from './character-count.tsx';

export type CollectionFormValues = { title: string; description: string | null; isPublic: boolean };

/** A collection's title, description and visibility (create, and rename in the collection). */
export function CollectionForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  secondaryAction,
}: {
  initial?: Collection;
  submitLabel: string;
  pending: boolean;
  onSubmit(values: CollectionFormValues): void;
  secondaryAction?: ReactNode;
}) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [isPublic, setIsPublic] = useState(initial?.isPublic ?? true);
  const [submitted, setSubmitted] = useState(false);
  const titleError =
    submitted && title.trim() === ''
      ? 'A collection needs a title'
      : codePointLength(title.trim()) > COLLECTION_TITLE_MAX_LENGTH
        ? `Titles can be at most ${COLLECTION_TITLE_MAX_LENGTH} characters`
        : undefined;
  const descriptionLength = codePointLength(description);
  const descriptionError =
    descriptionLength > COLLECTION_DESCRIPTION_MAX_LENGTH
      ? `Descriptions can be at most ${COLLECTION_DESCRIPTION_MAX_LENGTH} characters`
      : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    setSubmitted(true);
    if (pending || title.trim() === '' || titleError || descriptionError) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"], input')?.focus();
      return;
    }
    onSubmit({ title: title.trim(), description: description.trim() || null, isPublic });
  };

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-5" aria-label="Collection">
      <TextField
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={titleError}
        placeholder="On education"
      />
      <TextareaField
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={descriptionError}
        placeholder="What ties these quotes together (optional)"
        rows={3}
        hint={
          <span className="flex justify-end">
            <CharacterCount length={descriptionLength} max={COLLECTION_DESCRIPTION_MAX_LENGTH} />
          </span>
        }
      />
      <Checkbox
        label="Public"
        hint="Anyone can see a public collection on your profile; a private one is only for you."
        checked={isPublic}
        onChange={(event) => setIsPublic(event.target.checked)}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending && <LoaderCircle aria-hidden className="animate-spin" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

import {
  COMMENT_MAX_LENGTH,
  codePointLength,
  communityText,
} from '@samvad/contracts/community-rules';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { TextareaField } from '../../../shared/ui/textarea.tsx';
import { useCreateComment } from '../api/create-comment.ts';
import { CharacterCount } from './character-count.tsx';

/** A comment box: up to 500 characters (code points), like a post. */
export function CommentComposer({ postId }: { postId: string }) {
  const [content, setContent] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const createComment = useCreateComment(postId);
  const length = codePointLength(content);
  const empty = content.trim() === '';
  const error =
    length > COMMENT_MAX_LENGTH
      ? communityText.commentTooLong
      : submitted && empty
        ? communityText.commentEmpty
        : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (empty || length > COMMENT_MAX_LENGTH || createComment.isPending) return;
    createComment.mutate(content, {
      onSuccess: () => {
        setContent('');
        setSubmitted(false);
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid grid-cols-1 gap-2"
      aria-label="Add a comment"
    >
      <TextareaField
        label="Write a comment"
        hideLabel
        placeholder="Write a comment…"
        value={content}
        onChange={(event) => setContent(event.target.value)}
        error={error}
        rows={2}
        className="[&_textarea]:min-h-16"
        hint={
          <span className="flex justify-end">
            <CharacterCount length={length} max={COMMENT_MAX_LENGTH} />
          </span>
        }
      />
      <div className="flex justify-end">
        <Button type="submit" size="md" disabled={createComment.isPending}>
          {createComment.isPending && <LoaderCircle aria-hidden className="animate-spin" />}
          Comment
        </Button>
      </div>
    </form>
  );
}

import type { QuoteSource } from '@samvad/contracts/community';
import {
  codePointLength,
  communityText,
  POST_MAX_LENGTH,
  postProblem,
} from '@samvad/contracts/community-rules';
import { LoaderCircle, TextQuote, X } from 'lucide-react';
import { type FormEvent, type Ref, useState } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { TextareaField } from '../../../shared/ui/textarea.tsx';
import { useCreatePost } from '../api/create-post.ts';
import type { QuoteDraft } from '../lib/quote-draft.ts';
import { CharacterCount } from './character-count.tsx';
import { QuoteSourceLine } from './quote-source-line.tsx';

type PostComposerProps = {
  /** A quote brought from a chat answer: its text, with the quote toggle on and its source. */
  draft?: QuoteDraft | null;
  /** Start as a quote even without a draft (the link asked for one, the draft was lost). */
  startAsQuote?: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
  onPosted?(): void;
};

/**
 * The composer (spec §2, §5): up to 500 characters counted as code points with an n/500
 * counter, a quote toggle, and "Please enter some content for your post" for an empty post.
 */
export function PostComposer({ draft, startAsQuote, textareaRef, onPosted }: PostComposerProps) {
  const [content, setContent] = useState(draft?.content ?? '');
  const [isQuote, setIsQuote] = useState(Boolean(draft) || Boolean(startAsQuote));
  const [source, setSource] = useState<QuoteSource | null>(draft?.source ?? null);
  const [submitted, setSubmitted] = useState(false);
  const createPost = useCreatePost();

  const length = codePointLength(content);
  const problem = postProblem(content);
  // The empty message waits for a try to post; the length one shows as soon as it applies.
  const error =
    problem === communityText.postEmpty
      ? submitted
        ? problem
        : undefined
      : (problem ?? undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem || createPost.isPending) {
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    createPost.mutate(
      { content, isQuote, quoteSource: isQuote ? source : null },
      {
        onSuccess: () => {
          setContent('');
          setIsQuote(false);
          setSource(null);
          setSubmitted(false);
          onPosted?.();
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Create a post"
      noValidate
      className="grid grid-cols-1 gap-3 rounded-2xl border border-border bg-card p-4 shadow-xs sm:p-5"
    >
      <TextareaField
        ref={textareaRef}
        label="Post content"
        hideLabel
        placeholder={isQuote ? 'Paste or type the passage you are quoting…' : 'Share a thought…'}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        error={error}
        rows={isQuote ? 4 : 3}
        className={cn(
          isQuote && '[&_textarea]:border-l-4 [&_textarea]:border-l-accent [&_textarea]:font-serif',
        )}
        hint={
          <span className="flex justify-end">
            <CharacterCount length={length} max={POST_MAX_LENGTH} />
          </span>
        }
      />
      {isQuote && source && (
        <div className="flex items-center gap-2 rounded-xl bg-muted/60 py-1.5 pr-1.5 pl-3">
          <span className="text-xs font-medium text-muted-foreground">Quoting</span>
          <QuoteSourceLine source={source} className="min-w-0 flex-1" />
          <button
            type="button"
            onClick={() => setSource(null)}
            aria-label="Remove the source"
            className="grid size-7 shrink-0 cursor-pointer place-items-center rounded-full text-muted-foreground hover:bg-secondary hover:text-foreground"
          >
            <X aria-hidden className="size-3.5" />
          </button>
        </div>
      )}
      <div className="flex items-center justify-between gap-3">
        <button
          type="button"
          aria-pressed={isQuote}
          onClick={() => setIsQuote((quote) => !quote)}
          className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border border-input px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground aria-pressed:border-accent aria-pressed:bg-accent-soft aria-pressed:text-foreground"
        >
          <TextQuote aria-hidden className="size-4" />
          Quote
        </button>
        <Button type="submit" disabled={createPost.isPending} aria-busy={createPost.isPending}>
          {createPost.isPending && <LoaderCircle aria-hidden className="animate-spin" />}
          Post
        </Button>
      </div>
    </form>
  );
}

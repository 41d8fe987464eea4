import type { AnswerRating as Rating } from '@samvad/contracts/answer-feedback';
import {
  RATING_COMMENT_MAX_LENGTH,
  RATING_REASON_LABELS,
  type RatingReason,
  ratingReasons,
} from '@samvad/contracts/answer-feedback-rules';
import type { Source } from '@samvad/contracts/sources';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../shared/api/api-client.ts';
import { apiErrorMessage } from '../../../shared/api/error-message.ts';
import { cn } from '../../../shared/lib/cn.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Checkbox } from '../../../shared/ui/checkbox.tsx';
import { TextareaField } from '../../../shared/ui/textarea.tsx';
import { rateAnswer } from '../api/rate-answer.ts';
import { withdrawRating } from '../api/withdraw-rating.ts';
import { rememberedRating, rememberRating } from '../lib/rated-answers.ts';

type Shown = Pick<Rating, 'rating' | 'reasons' | 'comment'>;

export type AnswerRatingProps = {
  question: string;
  answer: string;
  sources: Source[];
  /** The server's signature of the answer: what names it, and proves the server gave it. */
  signature: string;
};

/**
 * Thumbs up and down under an answer (issue #31). Down asks what was wrong (one reason or more)
 * and an optional comment; pressing the chosen thumb again withdraws the rating.
 */
export function AnswerRating({ question, answer, sources, signature }: AnswerRatingProps) {
  const [shown, setShown] = useState<Shown | null>(() => rememberedRating(signature));
  const [formOpen, setFormOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [thanks, setThanks] = useState(false);

  async function save(next: Shown | null) {
    setBusy(true);
    try {
      if (next) {
        const { rating } = await rateAnswer({
          question,
          answer,
          sources,
          signature,
          rating: next.rating,
          reasons: next.reasons,
          ...(next.comment ? { comment: next.comment } : {}),
        });
        next = { rating: rating.rating, reasons: rating.reasons, comment: rating.comment };
      } else {
        await withdrawRating(signature).catch((error: unknown) => {
          // Already gone on the server (another tab withdrew it): the same end.
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        });
      }
      setShown(next);
      rememberRating(signature, next);
      setThanks(next !== null);
      setFormOpen(false);
    } catch (error) {
      toast({
        title: 'Failed to save your rating',
        description: apiErrorMessage(error, 'Check your connection and try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  const thumb = 'size-8 rounded-full text-muted-foreground hover:text-foreground';
  return (
    <div className="grid gap-2" data-testid="answer-rating">
      <fieldset className="flex items-center gap-1" aria-label="Rate this answer">
        <Button
          variant="ghost"
          size="icon"
          className={cn(thumb, shown?.rating === 'up' && 'bg-secondary text-foreground')}
          aria-label="Good answer"
          aria-pressed={shown?.rating === 'up'}
          disabled={busy}
          onClick={() =>
            void save(shown?.rating === 'up' ? null : { rating: 'up', reasons: [], comment: null })
          }
        >
          <ThumbsUp aria-hidden className="size-4" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className={cn(thumb, shown?.rating === 'down' && 'bg-secondary text-foreground')}
          aria-label="Bad answer"
          aria-pressed={shown?.rating === 'down'}
          aria-expanded={formOpen}
          disabled={busy}
          onClick={() => {
            if (shown?.rating === 'down') void save(null);
            else setFormOpen((open) => !open);
          }}
        >
          <ThumbsDown aria-hidden className="size-4" />
        </Button>
        <span className="text-xs text-muted-foreground" aria-live="polite">
          {thanks ? 'Thanks for your feedback' : ''}
        </span>
      </fieldset>
      {formOpen && (
        <ReasonsForm
          initial={shown?.rating === 'down' ? shown : null}
          busy={busy}
          onCancel={() => setFormOpen(false)}
          onSubmit={(reasons, comment) => void save({ rating: 'down', reasons, comment })}
        />
      )}
    </div>
  );
}

function ReasonsForm({
  initial,
  busy,
  onCancel,
  onSubmit,
}: {
  initial: Shown | null;
  busy: boolean;
  onCancel(): void;
  onSubmit(reasons: RatingReason[], comment: string | null): void;
}) {
  const [reasons, setReasons] = useState<RatingReason[]>(initial?.reasons ?? []);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();
  const length = [...comment.trim()].length;
  const tooLong = length > RATING_COMMENT_MAX_LENGTH;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reasons.length === 0) {
      setError('Choose at least one reason');
      return;
    }
    if (tooLong) return;
    onSubmit(reasons, comment.trim() || null);
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby={legendId}
      className="grid max-w-md gap-3 rounded-2xl border border-border bg-card p-4"
    >
      <fieldset className="grid gap-2">
        <legend id={legendId} className="mb-1 text-sm font-semibold">
          What was wrong?
        </legend>
        {ratingReasons.map((reason) => (
          <Checkbox
            key={reason}
            label={RATING_REASON_LABELS[reason]}
            checked={reasons.includes(reason)}
            onChange={(event) => {
              setError(null);
              const on = event.currentTarget.checked;
              setReasons((now) => (on ? [...now, reason] : now.filter((r) => r !== reason)));
            }}
          />
        ))}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </fieldset>
      <TextareaField
        label="Comment (optional)"
        value={comment}
        rows={3}
        onChange={(event) => setComment(event.currentTarget.value)}
        error={tooLong ? `At most ${RATING_COMMENT_MAX_LENGTH} characters` : undefined}
        hint={`${length}/${RATING_COMMENT_MAX_LENGTH}`}
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || tooLong}>
          Send feedback
        </Button>
      </div>
    </form>
  );
}

export default AnswerRating;

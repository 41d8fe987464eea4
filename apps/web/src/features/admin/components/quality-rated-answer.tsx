import type { RatedAnswer } from '@samvad/contracts/answer-feedback';
import { RATING_REASON_LABELS } from '@samvad/contracts/answer-feedback-rules';
import { ArrowUpRight } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '../../../shared/ui/badge.tsx';
import { Checkbox } from '../../../shared/ui/checkbox.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useResolveRating } from '../api/resolve-rating.ts';
import { formatDateTime } from '../lib/format-date.ts';
import { MessageText } from './message-text.tsx';

/**
 * One rated answer in the review queue: what was asked, what was answered and from which
 * sources, what the reader said, and the resolved toggle with its note (written to the audit
 * log). `actions` holds what else may be done with it (adding it to the question set).
 */
export function RatedAnswerEntry({ entry, actions }: { entry: RatedAnswer; actions?: ReactNode }) {
  const resolve = useResolveRating();
  const [note, setNote] = useState(entry.resolvedNote ?? '');
  // Shown at once; the list's refresh after the call brings the stored state (or the old one
  // back, after a refusal).
  const [resolved, setResolved] = useState(entry.resolved);
  return (
    <article
      aria-label={`Rated answer: ${entry.question}`}
      className="grid min-w-0 gap-3 rounded-2xl border border-border p-4"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <Badge variant={entry.rating === 'down' ? 'destructive' : 'primary'}>
          {entry.rating === 'down' ? 'Thumbs down' : 'Thumbs up'}
        </Badge>
        {entry.reasons.map((reason) => (
          <Badge key={reason} variant="outline">
            {RATING_REASON_LABELS[reason]}
          </Badge>
        ))}
        <span className="text-muted-foreground">
          {entry.language} · {entry.rater} · {formatDateTime(entry.updatedAt)} · knowledge base at
          change {entry.knowledgePosition}
        </span>
      </div>
      <Part title="Question">
        <MessageText content={entry.question} />
      </Part>
      <Part title="Answer">
        {/* A long answer scrolls here: focusable, so a keyboard can scroll it too (axe). */}
        <section
          aria-label="Rated answer"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
          tabIndex={0}
          className="max-h-64 overflow-y-auto rounded-xl bg-muted/40 p-3 focus-visible:outline-2"
        >
          <MessageText content={entry.answer} />
        </section>
      </Part>
      {entry.comment && (
        <Part title="Reader's comment">
          <MessageText content={entry.comment} />
        </Part>
      )}
      <Part title="Sources">
        {entry.sources.length === 0 ? (
          <p className="text-sm text-muted-foreground">None (not covered)</p>
        ) : (
          <ol className="grid list-decimal gap-1 pl-5 text-sm">
            {entry.sources.map((source, index) => (
              // The order is the answer's citation numbering.
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
              <li key={index} className="break-words">
                {source.link?.startsWith('/') ? (
                  <a
                    href={source.link}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 underline underline-offset-2"
                  >
                    {source.file_name}
                    {source.page ? `, p. ${source.page_label ?? source.page}` : ''}
                    <ArrowUpRight aria-hidden className="size-3.5" />
                  </a>
                ) : (
                  source.file_name
                )}{' '}
                <span className="text-muted-foreground">{Math.round(source.score * 100)}%</span>
              </li>
            ))}
          </ol>
        )}
      </Part>
      <div className="flex flex-wrap items-end gap-3 border-t border-border pt-3">
        <TextField
          label="Note"
          value={note}
          maxLength={500}
          disabled={resolved || resolve.isPending}
          onChange={(event) => setNote(event.currentTarget.value)}
          className="min-w-0 flex-1 basis-60"
        />
        <Checkbox
          label="Resolved"
          checked={resolved}
          disabled={resolve.isPending}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setResolved(checked);
            resolve.mutate(
              { id: entry.id, resolved: checked, ...(note.trim() ? { note: note.trim() } : {}) },
              { onError: () => setResolved(!checked) },
            );
          }}
          className="pb-2.5"
        />
        {actions}
      </div>
    </article>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid min-w-0 gap-1">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

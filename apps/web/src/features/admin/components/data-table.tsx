import { LoaderCircle, MoveHorizontal } from 'lucide-react';
import { type ComponentProps, Fragment, type ReactNode, useId, useRef } from 'react';
import { useSidewaysOverflow } from '../../../shared/hooks/use-sideways-overflow.ts';
import { cn } from '../../../shared/lib/cn.ts';
import { Alert } from '../../../shared/ui/alert.tsx';

/**
 * A table that scrolls sideways inside its card when it is wider than the card. The scrolling box
 * is a labelled, focusable region so keyboard users can scroll it too; while part of the table
 * is out of sight, a line under it says so (and the region is described by it) and the right
 * edge fades, since a scrollbar alone showed no hint of the columns past it (issue 27).
 */
export function TableFrame({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const frame = useRef<HTMLElement>(null);
  const { overflows, atEnd } = useSidewaysOverflow(frame);
  const hintId = useId();
  return (
    // min-w-0 on both: grid items otherwise grow to the table's width and widen the page.
    <div className="-mx-1 grid min-w-0 gap-2">
      <div className="relative min-w-0">
        <section
          ref={frame}
          aria-label={label}
          aria-describedby={overflows ? hintId : undefined}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
          tabIndex={0}
          // `relative`: absolutely placed content (an sr-only header) is clipped here too;
          // otherwise it sits past the table's right edge and widens the whole page on phones.
          className="relative overflow-x-auto rounded-xl border border-border focus-visible:outline-2"
        >
          <table
            aria-label={label}
            className={cn('w-full border-collapse text-left text-sm', className)}
          >
            {children}
          </table>
        </section>
        {overflows && !atEnd && (
          <div
            aria-hidden="true"
            data-testid="table-more-right"
            className="pointer-events-none absolute inset-y-px right-px w-10 rounded-r-xl bg-linear-to-l from-card to-transparent"
          />
        )}
      </div>
      {overflows && (
        <p id={hintId} className="flex items-center gap-1.5 px-1 text-xs text-muted-foreground">
          <MoveHorizontal aria-hidden className="size-3.5 shrink-0" />
          Scroll sideways to see every column.
        </p>
      )}
    </div>
  );
}

/** A header that does not sort. */
export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'px-3 py-2 text-left align-bottom text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2.5 align-top', className)} {...props} />;
}

/**
 * An email (or another name without spaces) in a table cell: it may wrap only before the '@'
 * and before each '.' of the domain, never inside a part (not even after a hyphen, which would
 * read as hyphenation); a table too narrow for it scrolls sideways instead (TableFrame).
 */
export function EmailText({ text }: { text: string }) {
  return (
    <span>
      {emailParts(text).map((part, index) => (
        // The parts of one string, in order: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a static split of one string
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}

/** 'a-b@mail.example.org' → ['a-b', '@mail', '.example', '.org']; text without '@' stays whole. */
function emailParts(text: string): string[] {
  const at = text.lastIndexOf('@');
  if (at <= 0) return [text];
  return [text.slice(0, at), ...text.slice(at).split(/(?=\.)/)];
}

/** The header row's look. */
export const headRowClass = 'border-b border-border bg-muted/50';
/** A body row's look. */
export const bodyRowClass = 'border-b border-border last:border-b-0';

/** What a list shows before its rows: loading, a failure, or nothing to list. */
export function ListState({
  isPending,
  error,
  isEmpty,
  empty,
  onRetry,
}: {
  isPending: boolean;
  error: unknown;
  isEmpty: boolean;
  empty: string;
  onRetry(): void;
}) {
  if (isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden className="size-4 animate-spin" />
        Loading…
      </p>
    );
  }
  if (error) {
    return (
      <Alert variant="destructive">
        This list could not be loaded.{' '}
        <button type="button" onClick={onRetry} className="cursor-pointer font-medium underline">
          Try again
        </button>
      </Alert>
    );
  }
  if (isEmpty) return <p className="py-6 text-sm text-muted-foreground">{empty}</p>;
  return null;
}

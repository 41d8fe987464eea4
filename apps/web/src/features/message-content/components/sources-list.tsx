import type { Source } from '@samvad/contracts/sources';
import { BookOpen, ChevronDown } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import { citationOfAnchorId, rankSources } from '../lib/source-format.ts';
import { onSourceRevealRequest } from '../lib/source-reveal.ts';
import { SourceRow } from './source-row.tsx';

/** Collapsed, the list shows this many; it only collapses when that hides at least two. */
const COLLAPSED_COUNT = 3;

export type SourcesListProps = {
  sources: Source[];
  messageId: string;
  /** The numbers the answer's markers point at; the other rows read "Also read". */
  cited?: ReadonlySet<number> | null;
  /** Spacing from the reply above is the caller's (no outer margin here). */
  className?: string;
};

/**
 * The sources under an assistant reply (spec §2): most relevant first, each keeping the number
 * its citation markers use. Long lists start collapsed; a marker pointing at a hidden source
 * expands the list and scrolls to it.
 */
export function SourcesList({ sources, messageId, cited = null, className }: SourcesListProps) {
  const ranked = useMemo(() => rankSources(sources), [sources]);
  const collapsible = ranked.length > COLLAPSED_COUNT + 1;
  const [expanded, setExpanded] = useState(false);
  const [reveal, setReveal] = useState<{ anchorId: string } | null>(null);
  const labelId = useId();
  const listId = useId();

  // Keyed on count and id, not the array: a parent passing a fresh array each render must not
  // re-run the hash check below and yank the page back to a source.
  const sourceCount = sources.length;
  useEffect(() => {
    const revealIfOurs = (anchorId: string) => {
      const citation = citationOfAnchorId(messageId, anchorId);
      if (citation === null || citation < 1 || citation > sourceCount) return;
      setExpanded(true);
      setReveal({ anchorId });
    };
    // A page opened with a #source-… fragment (a reload, a shared URL) also reveals its source.
    revealIfOurs(currentFragment());
    return onSourceRevealRequest(revealIfOurs);
  }, [sourceCount, messageId]);

  useEffect(() => {
    if (!reveal) return;
    const row = document.getElementById(reveal.anchorId);
    if (row) {
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      row.scrollIntoView?.({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
      if (!reduceMotion) flash(row);
    }
    setReveal(null);
  }, [reveal]);

  if (ranked.length === 0) return null;
  const visible = collapsible && !expanded ? ranked.slice(0, COLLAPSED_COUNT) : ranked;

  return (
    <div className={cn('min-w-0', className)}>
      <div className="mb-2 flex items-center gap-2 px-0.5">
        <BookOpen aria-hidden className="size-3.5 text-muted-foreground" />
        <p id={labelId} className="text-xs font-semibold tracking-wide text-muted-foreground">
          Sources
        </p>
        <span className="rounded-full bg-muted px-1.5 py-px text-[0.6875rem] font-medium text-muted-foreground tabular-nums">
          {ranked.length}
        </span>
      </div>
      <div className="overflow-hidden rounded-xl border border-border bg-card shadow-xs shadow-black/[0.02]">
        <ul id={listId} aria-labelledby={labelId} className="divide-y divide-border/70">
          {visible.map(({ source, citation }) => (
            <SourceRow
              key={citation}
              source={source}
              citation={citation}
              messageId={messageId}
              alsoRead={cited !== null && !cited.has(citation)}
            />
          ))}
        </ul>
        {collapsible && (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((open) => !open)}
            className="flex w-full cursor-pointer items-center justify-center gap-1.5 border-t border-border/70 px-3 py-2 text-xs font-medium text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground focus-visible:-outline-offset-2"
          >
            {expanded ? 'Show fewer' : `Show all ${ranked.length} sources`}
            <ChevronDown
              aria-hidden
              className={cn('size-3.5 transition-transform', expanded && 'rotate-180')}
            />
          </button>
        )}
      </div>
    </div>
  );
}

function currentFragment(): string {
  try {
    return decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return '';
  }
}

/** A brief glow on the row a marker jumped to (the :target style alone lingers). */
function flash(row: HTMLElement) {
  row.animate?.(
    [
      { backgroundColor: 'var(--accent-soft)', boxShadow: 'inset 3px 0 0 var(--accent)' },
      { backgroundColor: 'transparent', boxShadow: 'inset 3px 0 0 transparent' },
    ],
    { duration: 1600, easing: 'cubic-bezier(0.22, 1, 0.36, 1)' },
  );
}

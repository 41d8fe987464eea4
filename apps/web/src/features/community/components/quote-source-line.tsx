import type { QuoteSource } from '@samvad/contracts/community';
import { FileText } from 'lucide-react';
import { cn } from '../../../shared/lib/cn.ts';
import { documentLink, quoteSourceLabel, quoteSpeaker } from '../lib/quote-draft.ts';

/**
 * Where a quote comes from: the file and the page, opening the document when it can, led by
 * whose words they are when not the reformer's ("— T. T. Krishnamachari, in cad.html, p. 4").
 */
export function QuoteSourceLine({
  source,
  className,
}: {
  source: QuoteSource;
  className?: string;
}) {
  const label = quoteSourceLabel(source);
  const speaker = quoteSpeaker(source);
  // Only the app's own documents are linked (the post API refuses others; checked again here).
  const link = documentLink(source.link);
  return (
    <p
      className={cn(
        'flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground not-italic',
        className,
      )}
    >
      <FileText aria-hidden className="size-3.5 shrink-0" />
      {speaker ? (
        // A long name takes at most about half the line, so the file stays readable beside it.
        <span className="max-w-[55%] shrink-0 truncate" title={speaker}>
          <span aria-hidden>— </span>
          <span className="font-medium text-foreground">{speaker}</span>
          <span>, in</span>
        </span>
      ) : (
        <span className="sr-only">Source: </span>
      )}
      {link ? (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className="min-w-0 truncate font-medium text-primary underline-offset-2 hover:underline"
        >
          {label}
        </a>
      ) : (
        <span className="min-w-0 truncate">{label}</span>
      )}
    </p>
  );
}

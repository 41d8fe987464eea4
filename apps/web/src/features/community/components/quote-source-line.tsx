import type { QuoteSource } from '@samvad/contracts/community';
import { FileText } from 'lucide-react';
import { cn } from '../../../shared/lib/cn.ts';
import {
  documentLink,
  quoteSourceLabel,
  quoteSourceParts,
  quoteSpeaker,
} from '../lib/quote-draft.ts';

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
  const { file, page } = quoteSourceParts(source);
  // A long file name is cut; the page after it never is (issue 27: phones lost it).
  const text = (
    <>
      <span className="min-w-0 truncate">{file}</span>
      {page && <span className="shrink-0 whitespace-nowrap">{page}</span>}
    </>
  );
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
          title={label}
          className="flex min-w-0 font-medium text-primary underline-offset-2 hover:underline"
        >
          {text}
        </a>
      ) : (
        <span className="flex min-w-0" title={label}>
          {text}
        </span>
      )}
    </p>
  );
}

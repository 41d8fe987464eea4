import type { Source } from '@samvad/contracts/sources';
import { ArrowUpRight, MessageSquareQuote } from 'lucide-react';
import { Link } from 'react-router';
import { pdfReaderLink } from '../lib/pdf-reader-link.ts';
import { toSafeUrl } from '../lib/safe-url.ts';
import {
  scorePercent,
  sourceAnchorId,
  sourceFileNote,
  sourceName,
  sourcePageText,
  sourceQuoteText,
  sourceSpeakerText,
} from '../lib/source-format.ts';
import { CiteThis } from './cite-this.tsx';

type SourceRowProps = {
  source: Source;
  citation: number;
  messageId: string;
  /** Read for the answer but not quoted in it: no marker points here. */
  alsoRead?: boolean;
};

/**
 * Where 'Post as quote' goes. The passage and its source travel in router state (the URL stays
 * short); the community reads this shape (features/community/lib/quote-draft.ts) and copes when
 * the state is missing.
 */
export const POST_AS_QUOTE_PATH = '/community?quote=1';

export type PostAsQuoteState = {
  quote: {
    excerpt: string;
    /** `speaker` only when the words are not the reformer's, so the post cites them right. */
    source: Pick<Source, 'file_name' | 'title' | 'page' | 'page_label' | 'link' | 'speaker'>;
  };
};

function postAsQuoteState(source: Source, excerpt: string): PostAsQuoteState {
  const { file_name, title, page, page_label, link, speaker } = source;
  return {
    quote: {
      excerpt,
      source: {
        file_name,
        page,
        page_label,
        link,
        ...(title ? { title } : {}),
        ...(speaker ? { speaker } : {}),
      },
    },
  };
}

/**
 * One source under a reply: its citation number (the marker in the text), the document's title
 * with its file name under it, whose words they are when not the reformer's, the page (or debate
 * paragraph), how relevant it was and a link to open it at the passage. The row is the target of
 * the markers' links and lights up while it is the page's :target.
 */
export function SourceRow({ source, citation, messageId, alsoRead = false }: SourceRowProps) {
  const anchorId = sourceAnchorId(messageId, citation);
  const nameId = `${anchorId}-name`;
  const page = sourcePageText(source);
  const percent = scorePercent(source.score);
  // A PDF at its page opens in the reader, which highlights the cited text on the page drawn
  // (issue #29); the API's link to the file itself is kept for posted quotes and the reader.
  const link = toSafeUrl(pdfReaderLink(source) ?? source.link);
  // The sentence the answer cites, when the server found it; else the passage's opening.
  const excerpt = sourceQuoteText(source);
  const name = sourceName(source);
  const fileNote = sourceFileNote(source);
  const speaker = sourceSpeakerText(source);
  const speakerId = `${anchorId}-speaker`;
  // The actions name the file and, when it is someone else's, whose words they are.
  const describedBy = speaker ? `${nameId} ${speakerId}` : nameId;

  return (
    <li
      id={anchorId}
      className="flex scroll-mt-24 items-start gap-3 px-3 py-2.5 transition-colors duration-300 target:bg-accent-soft/60 sm:items-center sm:px-3.5"
    >
      <span className="mt-px grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-muted px-1 text-[0.6875rem] leading-none font-semibold text-muted-foreground tabular-nums ring-1 ring-border ring-inset sm:mt-0">
        <span className="sr-only">Source </span>
        {citation}
      </span>
      <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-4">
        <div className="min-w-0 sm:flex-1">
          {alsoRead && (
            <p className="mb-0.5 text-[0.6875rem] font-medium tracking-wide text-muted-foreground uppercase">
              Also read
            </p>
          )}
          <p
            id={nameId}
            title={name}
            className="line-clamp-2 min-w-0 text-sm leading-snug font-medium break-words text-foreground sm:line-clamp-1"
          >
            {name}
          </p>
          {fileNote && (
            <p title={fileNote} className="mt-0.5 truncate text-xs text-muted-foreground">
              <span className="sr-only">File: </span>
              {fileNote}
            </p>
          )}
          {speaker && (
            // Not the reformer's words: said beside the file so a quote is never put in his mouth.
            <p id={speakerId} className="mt-1 flex min-w-0">
              <span
                title={speaker}
                className="inline-flex max-w-full items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-[0.6875rem] leading-4 font-medium text-foreground ring-1 ring-accent/40 ring-inset"
              >
                <MessageSquareQuote aria-hidden className="size-3 shrink-0 text-accent" />
                <span className="truncate">{speaker}</span>
              </span>
            </p>
          )}
          <CiteThis source={source} />
        </div>
        {/* Wraps under the name on phones; on wider screens fixed columns line up row to row. */}
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground tabular-nums sm:mt-0 sm:grid sm:shrink-0 sm:grid-cols-[4.5rem_4.5rem_6.25rem_7rem] sm:items-center sm:justify-items-end sm:gap-x-2">
          {page ? (
            <span className="max-w-full truncate whitespace-nowrap" title={page}>
              {page}
            </span>
          ) : (
            <span aria-hidden className="hidden sm:block" />
          )}
          <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
            <span aria-hidden className="h-1 w-8 overflow-hidden rounded-full bg-muted">
              <span
                className="block h-full rounded-full bg-primary/70"
                style={{ width: `${percent}%` }}
              />
            </span>
            <span className="min-w-[2.25ch] text-right">
              <span className="sr-only">Relevance </span>
              {percent}%
            </span>
          </span>
          {/* The actions stay together: on phones they wrap as one group to the right; on wider
              screens (display: contents) each takes its own column of the grid. */}
          <span className="ml-auto flex items-center gap-x-2 sm:contents">
            {link ? (
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-describedby={describedBy}
                className="-my-1 inline-flex items-center gap-0.5 rounded-md px-1.5 py-1 font-medium whitespace-nowrap text-primary transition-colors hover:bg-secondary sm:-mr-1.5"
              >
                View source
                <ArrowUpRight aria-hidden className="size-3.5" />
              </a>
            ) : (
              <span aria-hidden className="hidden sm:block" />
            )}
            {excerpt ? (
              <Link
                to={POST_AS_QUOTE_PATH}
                state={postAsQuoteState(source, excerpt)}
                aria-describedby={describedBy}
                className="-my-1 -mr-1.5 inline-flex items-center rounded-md px-1.5 py-1 font-medium whitespace-nowrap text-primary transition-colors hover:bg-secondary"
              >
                Post as quote
              </Link>
            ) : (
              <span aria-hidden className="hidden sm:block" />
            )}
          </span>
        </div>
      </div>
    </li>
  );
}

import type { Source } from '@samvad/contracts/sources';
import { FileText } from 'lucide-react';
import { HoverCard } from 'radix-ui';
import { createContext, useContext } from 'react';
import {
  citationLabel,
  scorePercent,
  sourceAnchorId,
  sourcePageText,
} from '../lib/source-format.ts';
import { requestSourceReveal } from '../lib/source-reveal.ts';

type MessageSources = { sources: Source[]; messageId: string };

/**
 * The message being rendered, for the markers deep in the markdown tree. A context (rather than
 * a fresh `components` map per message) keeps the element renderers stable, so a streaming
 * reply re-renders instead of remounting on every token.
 */
export const MessageSourcesContext = createContext<MessageSources>({ sources: [], messageId: '' });

/** One marker group as written ("[2, 3]"): a pill per number that has a source. */
export function CitationGroup({ numbers }: { numbers: string }) {
  const { sources, messageId } = useContext(MessageSourcesContext);
  const citations = numbers.split(',').map(Number);
  return (
    <span className="ml-0.5 inline-flex items-baseline gap-0.5 whitespace-nowrap">
      {citations.map((citation, index) => {
        const source = Number.isInteger(citation) ? sources[citation - 1] : undefined;
        const key = `${citation}-${index}`;
        if (!source) {
          return (
            <span key={key} className="text-muted-foreground">
              [{citation}]
            </span>
          );
        }
        return (
          <CitationMarker key={key} citation={citation} source={source} messageId={messageId} />
        );
      })}
    </span>
  );
}

function CitationMarker({
  citation,
  source,
  messageId,
}: {
  citation: number;
  source: Source;
  messageId: string;
}) {
  const anchorId = sourceAnchorId(messageId, citation);
  const page = sourcePageText(source);
  return (
    <HoverCard.Root openDelay={250} closeDelay={120}>
      <HoverCard.Trigger asChild>
        <a
          href={`#${anchorId}`}
          aria-label={citationLabel(citation, source)}
          onClick={() => requestSourceReveal(anchorId)}
          className="relative -top-[0.1em] inline-grid h-[1.125rem] min-w-[1.125rem] place-items-center rounded-full bg-muted px-1 align-middle font-sans text-[0.6875rem] leading-none font-semibold text-muted-foreground tabular-nums no-underline ring-1 ring-border transition-colors ring-inset hover:bg-primary hover:text-primary-foreground hover:ring-primary focus-visible:bg-primary focus-visible:text-primary-foreground"
        >
          {citation}
        </a>
      </HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content
          side="top"
          align="center"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 w-72 max-w-[calc(100vw-1.5rem)] rounded-xl border border-border bg-popover p-3 text-popover-foreground shadow-lg shadow-black/10 data-[state=open]:animate-fade-up"
        >
          <div className="flex items-start gap-2.5">
            <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-accent-soft text-foreground/80">
              <FileText aria-hidden className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 text-sm leading-snug font-medium break-words">
                {source.file_name}
              </p>
              <p className="mt-1 text-xs text-muted-foreground tabular-nums">
                Source {citation}
                {page && ` · ${page}`} · {scorePercent(source.score)}% relevant
              </p>
            </div>
          </div>
        </HoverCard.Content>
      </HoverCard.Portal>
    </HoverCard.Root>
  );
}

import type { Source } from '@samvad/contracts/sources';
import { memo, useMemo } from 'react';
import Markdown, { type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '../../../shared/lib/cn.ts';
import { remarkCitations } from '../lib/remark-citations.ts';
import { safeHref } from '../lib/safe-url.ts';
import { domSafeId } from '../lib/source-format.ts';
import { MessageSourcesContext } from './citation-markers.tsx';
import { allowedMarkdownElements, markdownElements } from './markdown-elements.tsx';

export type MarkdownContentProps = {
  content: string;
  /** The reply's sources; citation marker [n] refers to sources[n - 1]. */
  sources: Source[];
  messageId: string;
  className?: string;
};

/**
 * An assistant reply's markdown, rendered safely. Model output is untrusted: raw HTML is never
 * parsed (it shows as text), every URL passes the one policy in safe-url.ts, images never load,
 * and only an allow-list of elements can reach the DOM. Citation markers become links to the
 * sources list.
 *
 * Heavy (the markdown parser), so the chat loads it lazily:
 * `lazy(() => import('…/markdown-content.tsx'))` with PlainContent as the fallback.
 */
export const MarkdownContent = memo(function MarkdownContent({
  content,
  sources,
  messageId,
  className,
}: MarkdownContentProps) {
  const sourceCount = sources.length;
  const remarkPlugins = useMemo<Options['remarkPlugins']>(
    () => [remarkGfm, [remarkCitations, { sourceCount }]],
    [sourceCount],
  );
  // Footnote ids are prefixed per message so two replies on one page never share an id.
  const remarkRehypeOptions = useMemo<Options['remarkRehypeOptions']>(
    () => ({ clobberPrefix: `message-${domSafeId(messageId)}-` }),
    [messageId],
  );
  const context = useMemo(() => ({ sources, messageId }), [sources, messageId]);

  return (
    <MessageSourcesContext value={context}>
      <div
        className={cn(
          'min-w-0 text-[0.9375rem] leading-7 break-words text-foreground [&>*:first-child]:mt-0 [&>*:last-child]:mb-0',
          className,
        )}
      >
        <Markdown
          remarkPlugins={remarkPlugins}
          remarkRehypeOptions={remarkRehypeOptions}
          components={markdownElements}
          allowedElements={allowedMarkdownElements}
          unwrapDisallowed
          urlTransform={safeHref}
        >
          {content}
        </Markdown>
      </div>
    </MessageSourcesContext>
  );
});

export default MarkdownContent;

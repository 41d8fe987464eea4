import { lazy, Suspense } from 'react';
import type { ChatMessage } from '../../features/chat/lib/chat-message.ts';
import { PlainContent } from '../../features/message-content/components/plain-content.tsx';
import { SourcesList } from '../../features/message-content/components/sources-list.tsx';

// The markdown parser is not needed for the first paint.
const MarkdownContent = lazy(
  () => import('../../features/message-content/components/markdown-content.tsx'),
);

export function UserContent({ message }: { message: ChatMessage }) {
  return <PlainContent content={message.content} />;
}

/** A reply: its markdown (plain text until the parser arrives), then the sources it cites. */
export function AssistantContent({ message }: { message: ChatMessage }) {
  return (
    <div className="grid gap-3">
      <Suspense fallback={<PlainContent content={message.content} />}>
        <MarkdownContent
          content={message.content}
          sources={message.sources}
          messageId={message.key}
        />
      </Suspense>
      {message.sources.length > 0 && (
        <SourcesList sources={message.sources} messageId={message.key} />
      )}
    </div>
  );
}

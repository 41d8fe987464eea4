import { lazy, Suspense } from 'react';
import type { ChatMessage } from '../../features/chat/lib/chat-message.ts';
import { PlainContent } from '../../features/message-content/components/plain-content.tsx';
import { SourcesList } from '../../features/message-content/components/sources-list.tsx';
import { citedNumbers } from '../../features/message-content/lib/source-format.ts';

// Rating an answer waits for a finished answer, so its form stays out of the first load.
const AnswerRating = lazy(() => import('../../features/feedback/components/answer-rating.tsx'));
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
        <SourcesList
          sources={message.sources}
          messageId={message.key}
          cited={citedNumbers(message.content)}
        />
      )}
    </div>
  );
}

/**
 * A reply in the reader's own chat: its content, then thumbs to rate it (issue #31) once the
 * server has signed it (a finished answer; never a shared view, which carries no signatures).
 */
export function RatedAssistantContent({
  message,
  messages,
}: {
  message: ChatMessage;
  messages: ChatMessage[];
}) {
  const before = messages[messages.indexOf(message) - 1];
  const question = before?.role === 'user' ? before.content : null;
  return (
    <div className="grid gap-2">
      <AssistantContent message={message} />
      {message.signature && question && (
        <Suspense fallback={null}>
          <AnswerRating
            question={question}
            answer={message.content}
            sources={message.sources}
            signature={message.signature}
          />
        </Suspense>
      )}
    </div>
  );
}

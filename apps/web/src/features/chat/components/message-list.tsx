import { UNVERIFIED_ANSWER_NOTICE } from '@samvad/contracts/conversation-rules';
import { ArrowDown, TriangleAlert } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../lib/chat-message.ts';
import { ThinkingIndicator } from './thinking-indicator.tsx';

/** Spec §9: the scroll-to-bottom button shows beyond this distance from the bottom. */
const SCROLL_THRESHOLD_PX = 100;

type MessageListProps = {
  messages: ChatMessage[];
  isTyping: boolean;
  /** How an assistant reply's content (markdown, sources) is shown. */
  renderAssistant(message: ChatMessage): ReactNode;
  /** How a user's message is shown. */
  renderUser(message: ChatMessage): ReactNode;
  /** A long conversation's earlier pages: a 'Load older messages' control above the first. */
  older?: { hasMore: boolean; isLoading: boolean; load(): void } | undefined;
};

/**
 * The conversation, newest at the bottom. It follows the answer as it streams unless the reader
 * has scrolled up; then a button brings them back.
 */
export function MessageList({
  messages,
  isTyping,
  renderAssistant,
  renderUser,
  older,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLOListElement>(null);
  const [awayFromBottom, setAwayFromBottom] = useState(false);
  const stick = useRef(true);
  const lastScrollTop = useRef(0);

  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    setAwayFromBottom(distance > SCROLL_THRESHOLD_PX);
    // Only the reader moving up lets go of the bottom. Content that grew under a reader at the
    // bottom (a sources row) also puts distance between them, and a scroll event measured in the
    // frame before the resize observer runs would otherwise unstick them and leave it hidden.
    if (distance <= SCROLL_THRESHOLD_PX) stick.current = true;
    else if (element.scrollTop < lastScrollTop.current - 1) stick.current = false;
    lastScrollTop.current = element.scrollTop;
  }, []);

  const last = messages.at(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow each new token while stuck to the bottom
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && stick.current) element.scrollTop = element.scrollHeight;
  }, [messages.length, last?.content]);

  useEffect(() => {
    const element = scroller.current;
    // jsdom (unit tests) has no ResizeObserver; scrolling still measures.
    if (!element || typeof ResizeObserver === 'undefined') return;
    // The view shrinks when a usage banner appears under it, and the answer grows when its
    // sources arrive: a reader at the bottom stays there, so the newest answer's last source
    // row is not hidden until they scroll.
    const observer = new ResizeObserver(() => {
      if (stick.current) element.scrollTop = element.scrollHeight;
      measure();
    });
    observer.observe(element);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, [measure]);

  const toBottom = () => {
    const element = scroller.current;
    stick.current = true;
    element?.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={measure}
        className="h-full overflow-y-auto overscroll-contain"
        data-testid="message-scroller"
      >
        {older?.hasMore && (
          <div className="mx-auto flex w-full max-w-3xl justify-center px-4 pt-6 sm:px-6">
            <button
              type="button"
              onClick={() => {
                // Loading earlier messages must not pull the reader down to the newest.
                stick.current = false;
                older.load();
              }}
              disabled={older.isLoading}
              className="cursor-pointer rounded-full border border-border bg-card px-4 py-1.5 text-sm hover:bg-secondary disabled:cursor-wait disabled:opacity-60"
            >
              {older.isLoading ? 'Loading older messages…' : 'Load older messages'}
            </button>
          </div>
        )}
        <ol
          ref={content}
          className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 pt-6 pb-10 sm:px-6 md:pt-8"
        >
          {messages.map((message) => (
            <li
              key={message.key}
              className={message.role === 'user' ? 'flex justify-end' : 'flex justify-start'}
              data-role={message.role}
            >
              {message.role === 'user' ? (
                <div className="max-w-[85%] rounded-3xl rounded-br-lg bg-secondary px-4 py-2.5 text-secondary-foreground">
                  <span className="sr-only">You said: </span>
                  {renderUser(message)}
                </div>
              ) : (
                <article className="w-full min-w-0" aria-label="Answer">
                  {message.unverified ? (
                    <UnverifiedAnswer>{renderUser(message)}</UnverifiedAnswer>
                  ) : message.content === '' && message.state === 'streaming' ? (
                    <ThinkingIndicator />
                  ) : (
                    renderAssistant(message)
                  )}
                  {message.state === 'stopped' && (
                    <p className="mt-2 text-xs font-medium text-muted-foreground">Stopped</p>
                  )}
                </article>
              )}
            </li>
          ))}
        </ol>
        {isTyping && (
          <span className="sr-only" aria-live="polite">
            The assistant is typing
          </span>
        )}
      </div>
      {awayFromBottom && (
        <button
          type="button"
          onClick={toBottom}
          aria-label="Scroll to bottom"
          className="absolute bottom-4 left-1/2 grid size-9 -translate-x-1/2 cursor-pointer place-items-center rounded-full border border-border bg-card text-foreground shadow-md animate-fade-up hover:bg-secondary"
        >
          <ArrowDown aria-hidden className="size-4" />
        </button>
      )}
    </div>
  );
}

/**
 * A shared answer the server could not vouch for (issue 19): labelled, and shown as plain text,
 * with no citations or source links, like what a person typed.
 */
function UnverifiedAnswer({ children }: { children: ReactNode }) {
  return (
    <div className="grid gap-2 rounded-2xl border border-dashed border-border px-4 py-3">
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <TriangleAlert aria-hidden className="size-3.5" />
        {UNVERIFIED_ANSWER_NOTICE}
      </p>
      {children}
    </div>
  );
}

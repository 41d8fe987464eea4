import { ArrowUp, Square } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../../shared/lib/cn.ts';

/** Spec §9: the message box grows with its text from 56px to 200px. */
const MIN_HEIGHT = 56;
const MAX_HEIGHT = 200;

type ComposerProps = {
  onSend(text: string): void;
  onStop(): void;
  isTyping: boolean;
  disabled?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  /**
   * The text, held by the page: the box moves between the welcome screen and the conversation
   * (a new element each time), and what was typed must move with it.
   */
  draft?: { text: string; setText(text: string): void };
};

/**
 * The message box: Enter sends, Shift+Enter breaks the line; nothing is sent when the text is
 * empty after trimming, while the assistant is typing, or while input is disabled (spec §5).
 * While an answer streams, the send button becomes Stop.
 */
export function Composer({
  onSend,
  onStop,
  isTyping,
  disabled = false,
  placeholder = 'Ask a question…',
  autoFocus = false,
  draft,
}: ComposerProps) {
  const [ownText, setOwnText] = useState('');
  const text = draft?.text ?? ownText;
  const setText = draft?.setText ?? setOwnText;
  const box = useRef<HTMLTextAreaElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = `${MIN_HEIGHT}px`;
    element.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, element.scrollHeight))}px`;
  }, [text]);

  const canSend = text.trim() !== '' && !isTyping && !disabled;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(text.trim());
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={submit}
      className={cn(
        'relative flex items-end gap-2 rounded-3xl border border-input bg-card p-2 pl-4 shadow-sm transition-shadow focus-within:border-ring/60 focus-within:shadow-md',
        disabled && 'opacity-70',
      )}
    >
      <label htmlFor="chat-message" className="sr-only">
        Message
      </label>
      <textarea
        id="chat-message"
        ref={box}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        disabled={disabled}
        // biome-ignore lint/a11y/noAutofocus: the chat screen exists to type into this box
        autoFocus={autoFocus}
        rows={1}
        style={{ minHeight: MIN_HEIGHT, maxHeight: MAX_HEIGHT }}
        className="flex-1 resize-none bg-transparent py-4 text-[0.9375rem] leading-6 outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
      />
      {isTyping ? (
        <button
          type="button"
          onClick={onStop}
          aria-label="Stop generating"
          className="mb-1.5 grid size-10 shrink-0 cursor-pointer place-items-center rounded-full bg-foreground text-background transition-transform active:scale-95"
        >
          <Square aria-hidden className="size-3.5 fill-current" />
        </button>
      ) : (
        <button
          type="submit"
          disabled={!canSend}
          aria-label="Send message"
          className="mb-1.5 grid size-10 shrink-0 cursor-pointer place-items-center rounded-full bg-primary text-primary-foreground transition-[transform,opacity] active:scale-95 disabled:cursor-default disabled:opacity-35"
        >
          <ArrowUp aria-hidden className="size-5" />
        </button>
      )}
    </form>
  );
}

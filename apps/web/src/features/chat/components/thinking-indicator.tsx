/** Spec §2: shown while the assistant is typing and nothing has arrived yet. */
export function ThinkingIndicator() {
  return (
    <span role="status" className="inline-flex items-center gap-1.5 py-2" aria-label="Thinking">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          aria-hidden
          className="size-2 animate-bounce rounded-full bg-muted-foreground/60 motion-reduce:animate-none"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
      <span className="sr-only">Thinking…</span>
    </span>
  );
}

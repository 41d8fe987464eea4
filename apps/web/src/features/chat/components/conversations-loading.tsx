/** Placeholder rows while the conversations (or the tabs' code) load. */
export function ConversationsLoading() {
  return (
    <ul aria-label="Loading conversations" className="grid gap-2 px-1 pt-1">
      {[0, 1, 2].map((i) => (
        <li key={i} className="h-11 animate-pulse rounded-xl bg-muted" />
      ))}
    </ul>
  );
}

/** Message text as typed, whitespace kept; React escapes it, so it is never HTML. */
export function MessageText({ content }: { content: string }) {
  return <div className="text-sm leading-6 break-words whitespace-pre-wrap">{content}</div>;
}

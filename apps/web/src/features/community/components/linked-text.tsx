import { useMemo } from 'react';
import { linkify } from '../lib/linkify.ts';

/**
 * Member-written text as plain text (React escapes it; no HTML, no markdown) with its http(s)
 * addresses made into links that open elsewhere and pass no credit or referrer (spec: user
 * content).
 */
export function LinkedText({ text }: { text: string }) {
  const segments = useMemo(() => linkify(text), [text]);
  return segments.map((segment, index) =>
    segment.kind === 'link' ? (
      <a
        // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed for a given text.
        key={index}
        href={segment.href}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className="font-medium break-all text-primary underline decoration-primary/40 underline-offset-2 hover:decoration-primary"
      >
        {segment.text}
      </a>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed for a given text.
      <span key={index}>{segment.text}</span>
    ),
  );
}

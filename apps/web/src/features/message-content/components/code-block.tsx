import { type ComponentProps, isValidElement, useEffect, useRef, useState } from 'react';
import type { ExtraProps } from 'react-markdown';
import { cn } from '../../../shared/lib/cn.ts';

const COPIED_FOR_MS = 2000;

/**
 * A fenced code block: a header with the language and a Copy button, then the code, scrolling
 * sideways on narrow screens instead of widening the bubble.
 */
export function CodeBlock({
  node: _node,
  children,
  className,
  ...props
}: ComponentProps<'pre'> & ExtraProps) {
  const preRef = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const language = languageOf(children);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    const text = preRef.current?.textContent ?? '';
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard (insecure context, denied): the code stays selectable by hand.
    }
  }

  return (
    <div className="group/code my-4 overflow-hidden rounded-xl border border-border bg-muted/50">
      <div className="flex h-9 items-center justify-between gap-2 border-b border-border/70 pr-1.5 pl-3.5">
        <span className="truncate font-mono text-xs text-muted-foreground">
          {language ?? 'code'}
        </span>
        <button
          type="button"
          onClick={copy}
          className="inline-flex h-7 shrink-0 cursor-pointer items-center gap-1.5 rounded-md px-2 text-xs font-medium text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground"
        >
          {/* Text, not an icon: the rendered reply holds no <svg> (see the XSS tests). */}
          <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
        </button>
      </div>
      <pre
        ref={preRef}
        {...props}
        className={cn(
          'overflow-x-auto px-3.5 py-3 font-mono text-[0.8125rem] leading-6 [&>code]:rounded-none [&>code]:border-0 [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-[length:inherit]',
          className,
        )}
      >
        {children}
      </pre>
    </div>
  );
}

/** "ts" from the `language-ts` class remark gives the inner <code>. */
function languageOf(children: unknown): string | null {
  if (!isValidElement<{ className?: unknown }>(children)) return null;
  const className = children.props.className;
  if (typeof className !== 'string') return null;
  const match = /(?:^|\s)language-([\w+#.-]{1,30})/.exec(className);
  return match?.[1] ?? null;
}

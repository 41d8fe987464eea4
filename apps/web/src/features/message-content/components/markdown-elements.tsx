import type { ComponentProps } from 'react';
import type { Components, ExtraProps } from 'react-markdown';
import { cn } from '../../../shared/lib/cn.ts';
import { CITATIONS_ATTRIBUTE } from '../lib/remark-citations.ts';
import { toSafeUrl } from '../lib/safe-url.ts';
import { CitationGroup } from './citation-markers.tsx';
import { CodeBlock } from './code-block.tsx';

/**
 * How each markdown element looks in an assistant reply: a reading-first "prose" written with
 * Tailwind utilities (the typography plugin is not installed). Module-level and stable, so
 * React reconciles a streaming reply instead of remounting it on every token.
 */

type Props<Tag extends keyof React.JSX.IntrinsicElements> = ComponentProps<Tag> & ExtraProps;

const linkClass =
  'font-medium text-primary underline decoration-primary/35 underline-offset-[3px] transition-colors hover:decoration-primary';

// GFM footnotes use this fixed id on every message; duplicated ids break aria references, and
// the label ("Footnotes") adds nothing to each reference, so it is dropped.
const FOOTNOTE_LABEL_ID = 'footnote-label';

function MarkdownLink({ node: _node, href, className, children, ...props }: Props<'a'>) {
  if (props['aria-describedby'] === FOOTNOTE_LABEL_ID) props['aria-describedby'] = undefined;
  const safe = toSafeUrl(href);
  // A refused URL keeps its words but loses the link (urlTransform has already dropped href).
  if (!safe) return <span className={className}>{children}</span>;
  return (
    <a
      {...props}
      href={safe.href}
      className={cn(linkClass, className)}
      {...(safe.external && { target: '_blank', rel: 'noopener noreferrer nofollow' })}
    >
      {children}
    </a>
  );
}

/**
 * Images never load: a markdown image could track readers or smuggle a script in an SVG. The
 * alt text stands in, as a link to the picture when its URL is a safe web address. (No icons
 * here either: the rendered reply contains no <svg> at all, which the XSS tests can assert.)
 */
function MarkdownImage({ src, alt }: Props<'img'>) {
  const label = alt?.trim() ?? '';
  const safe = toSafeUrl(src);
  if (safe?.external) {
    return (
      <a
        href={safe.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        title="Open the image in a new tab"
        className={linkClass}
      >
        {label || 'Image'}
      </a>
    );
  }
  return label ? <span className="text-muted-foreground italic">{label}</span> : null;
}

function MarkdownSpan({ node: _node, ...props }: Props<'span'>) {
  const citations = (props as Record<string, unknown>)[CITATIONS_ATTRIBUTE];
  if (typeof citations === 'string') return <CitationGroup numbers={citations} />;
  return <span {...props} />;
}

/** Bullets and numbers in a muted tone; GFM task lists drop them for their checkboxes. */
function listClass(className: string | undefined, ordered: boolean): string {
  const tasks = className?.includes('contains-task-list');
  return cn(
    'my-3 space-y-1.5 marker:text-muted-foreground [li>&]:my-1.5',
    tasks ? 'list-none pl-1' : ordered ? 'list-decimal pl-6' : 'list-disc pl-6',
    className,
  );
}

// Headings sit one level under the page's h1 and are scaled down for a chat bubble.
const headingClass = 'mt-6 mb-2 font-semibold tracking-tight text-foreground scroll-mt-4';

export const markdownElements: Components = {
  a: MarkdownLink,
  img: MarkdownImage,
  span: MarkdownSpan,
  pre: CodeBlock,
  p: ({ node: _node, ...props }) => <p {...props} className="my-3" />,
  strong: ({ node: _node, ...props }) => (
    <strong {...props} className="font-semibold text-foreground" />
  ),
  em: ({ node: _node, ...props }) => <em {...props} className="italic" />,
  del: ({ node: _node, ...props }) => (
    <del {...props} className="text-muted-foreground line-through" />
  ),
  h1: ({ node: _node, className, ...props }) => (
    <h2 {...props} className={cn(headingClass, 'font-serif text-xl font-medium', className)} />
  ),
  h2: ({ node: _node, className, id, ...props }) => (
    <h3
      {...props}
      id={id === FOOTNOTE_LABEL_ID ? undefined : id}
      className={cn(headingClass, 'font-serif text-lg font-medium', className)}
    />
  ),
  h3: ({ node: _node, className, ...props }) => (
    <h4 {...props} className={cn(headingClass, 'text-base', className)} />
  ),
  h4: ({ node: _node, className, ...props }) => (
    <h5 {...props} className={cn(headingClass, 'text-[0.9375rem]', className)} />
  ),
  h5: ({ node: _node, className, ...props }) => (
    <h6 {...props} className={cn(headingClass, 'text-sm', className)} />
  ),
  h6: ({ node: _node, className, ...props }) => (
    <h6 {...props} className={cn(headingClass, 'text-sm text-muted-foreground', className)} />
  ),
  ul: ({ node: _node, className, ...props }) => (
    <ul {...props} className={listClass(className, false)} />
  ),
  ol: ({ node: _node, className, ...props }) => (
    <ol {...props} className={listClass(className, true)} />
  ),
  li: ({ node: _node, className, ...props }) => (
    <li
      {...props}
      className={cn(
        'pl-1 [&>p]:my-1',
        className?.includes('task-list-item') && 'flex items-baseline gap-2',
        className,
      )}
    />
  ),
  // GFM task-list checkboxes are the only inputs markdown makes: shown, never editable.
  input: ({ checked }) => (
    <input
      type="checkbox"
      checked={Boolean(checked)}
      readOnly
      disabled
      className="size-3.5 translate-y-0.5 accent-primary"
    />
  ),
  blockquote: ({ node: _node, ...props }) => (
    <blockquote
      {...props}
      className="my-4 rounded-r-xl border-l-[3px] border-accent/70 bg-accent-soft/35 py-2 pr-4 pl-4 font-serif text-[1.0625rem] leading-7 text-foreground/90 [&>p]:my-1.5"
    />
  ),
  code: ({ node: _node, className, ...props }) => (
    <code
      {...props}
      className={cn(
        'rounded-md border border-border/70 bg-muted px-1.5 py-0.5 font-mono text-[0.85em] break-words',
        className,
      )}
    />
  ),
  hr: () => <hr className="my-6 border-border" />,
  table: ({ node: _node, ...props }) => (
    <div className="my-4 overflow-x-auto rounded-xl border border-border">
      <table
        {...props}
        className="w-full border-collapse text-left text-sm [&_tr:last-child>td]:border-b-0"
      />
    </div>
  ),
  thead: ({ node: _node, ...props }) => <thead {...props} className="bg-muted/60" />,
  th: ({ node: _node, ...props }) => (
    <th
      {...props}
      className="border-b border-border px-3 py-2 font-semibold whitespace-nowrap text-foreground"
    />
  ),
  td: ({ node: _node, ...props }) => (
    <td {...props} className="border-b border-border/70 px-3 py-2 align-top" />
  ),
  section: ({ node: _node, className, ...props }) => (
    <section
      {...props}
      className={cn(
        className,
        className?.includes('footnotes') &&
          'mt-6 border-t border-border pt-3 text-sm text-muted-foreground [&_ol]:my-1',
      )}
    />
  ),
};

/** Every element the renderer may produce; anything else is unwrapped to its text. */
export const allowedMarkdownElements = [
  ...['p', 'a', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'br', 'hr', 'span', 'img'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'input', 'sup', 'section'],
  ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
];

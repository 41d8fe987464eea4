import { paragraphAnchorId } from '@samvad/contracts/source-rules';
import { type Ref, useId } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import type { ReaderPassage } from '../lib/reader-passages.ts';

type ReaderPassageViewProps = { passage: ReaderPassage; ref?: Ref<HTMLElement> };

/**
 * One passage of the document. The cited one is marked for every reader: a visible highlight and
 * label, `aria-current`, and focus (it takes focus once, when the page opens at it). A debate
 * paragraph shows its id ("¶ 11.165.2"), a link to itself that can be shared.
 */
export function ReaderPassageView({ passage, ref }: ReaderPassageViewProps) {
  const labelId = useId();
  return (
    <section
      ref={ref}
      data-passage-id={passage.id}
      aria-current={passage.cited ? 'true' : undefined}
      aria-labelledby={passage.cited ? labelId : undefined}
      tabIndex={passage.cited ? -1 : undefined}
      className={cn(
        'scroll-mt-24 scroll-mb-24',
        passage.cited &&
          '-mx-3 rounded-xl border-l-4 border-accent bg-accent-soft/70 px-3 py-3 ring-1 ring-accent/30 outline-none focus-visible:ring-2 focus-visible:ring-ring sm:-mx-5 sm:px-5',
      )}
    >
      {passage.heading && (
        <h2 className="mt-8 mb-3 font-serif text-lg font-semibold tracking-tight text-foreground">
          {passage.heading}
        </h2>
      )}
      {(passage.cited || passage.paragraphId || passage.page) && (
        <p className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-medium text-muted-foreground">
          {passage.cited && (
            <span
              id={labelId}
              className="rounded-full bg-primary px-2 py-0.5 text-[0.6875rem] font-semibold text-primary-foreground"
            >
              Cited passage
            </span>
          )}
          {passage.paragraphId && (
            <a
              id={paragraphAnchorId(passage.paragraphId)}
              href={`#${paragraphAnchorId(passage.paragraphId)}`}
              className="scroll-mt-24 rounded tabular-nums hover:text-foreground hover:underline"
            >
              ¶ {passage.paragraphId}
            </a>
          )}
          {passage.page && <span className="tabular-nums">p. {passage.page}</span>}
        </p>
      )}
      <div className="space-y-4 font-serif text-[1.0625rem] leading-8 text-foreground">
        {passage.paragraphs.map((paragraph, index) => (
          // Paragraphs of a passage never reorder: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <p key={index} className="break-words">
            {paragraph}
          </p>
        ))}
      </div>
    </section>
  );
}

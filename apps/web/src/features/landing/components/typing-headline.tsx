import { usePrefersReducedMotion } from '../../../shared/hooks/use-media-query.ts';
import { useTypewriter } from '../hooks/use-typewriter.ts';

/**
 * Types each line, holds it, deletes it and moves on, with a blinking caret. Screen readers get
 * the first line once; people who ask for reduced motion see it without animation.
 */
export function TypingHeadline({ lines }: { lines: readonly string[] }) {
  const animate = !usePrefersReducedMotion();
  const { line, typed } = useTypewriter(lines, animate);

  return (
    <h1 className="font-serif text-[2.125rem] leading-[1.12] font-medium tracking-[-0.015em] text-balance sm:text-5xl lg:text-[3.5rem]">
      <span className="sr-only">{lines[0]}</span>
      {/* Every line sits invisibly in the same cell, so the height never changes while typing. */}
      <span aria-hidden="true" className="grid">
        {animate &&
          lines.map((reserved, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat; their order is fixed.
            <span key={index} className="invisible col-start-1 row-start-1">
              {reserved}
            </span>
          ))}
        <span className="col-start-1 row-start-1">
          {line.slice(0, typed)}
          {animate && (
            // An empty inline anchor: the caret changes neither the line's height nor its wrapping.
            <span className="relative">
              <span className="absolute top-[0.12em] bottom-[0.02em] left-[0.04em] w-[0.075em] min-w-[3px] rounded-full bg-accent animate-caret" />
            </span>
          )}
          {/* The rest of the line, laid out but unseen: typed words appear where they will stay. */}
          <span className="invisible">{line.slice(typed)}</span>
        </span>
      </span>
    </h1>
  );
}

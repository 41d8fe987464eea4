import { type RefObject, useEffect, useState } from 'react';

export type SidewaysOverflow = {
  /** The content is wider than the box: part of it is reached only by scrolling sideways. */
  overflows: boolean;
  /** Scrolled to the far right (or nothing to scroll): no more content past the right edge. */
  atEnd: boolean;
};

/**
 * Whether a horizontally scrolling box hides part of its content, kept current as the box or
 * its content change size and as it scrolls. A wide table's last columns were past the card's
 * edge with nothing to say so (issue 27); its frame shows a hint while this says `overflows`.
 */
export function useSidewaysOverflow(ref: RefObject<HTMLElement | null>): SidewaysOverflow {
  const [state, setState] = useState<SidewaysOverflow>({ overflows: false, atEnd: true });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      // A pixel of slack: zoomed layouts round widths up and down.
      const overflows = element.scrollWidth > element.clientWidth + 1;
      const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
      setState((current) =>
        current.overflows === overflows && current.atEnd === atEnd ? current : { overflows, atEnd },
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    // jsdom (unit tests) has no ResizeObserver: the first measure is all it gets.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref]);

  return state;
}

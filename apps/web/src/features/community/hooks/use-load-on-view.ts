import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Calls `load` when the returned element comes within `margin` px below the viewport: infinite
 * scroll. Pass `enabled` false while a page loads: turning it back on observes again, so a
 * sentinel still in view after a short page asks for the next one. Without IntersectionObserver
 * nothing happens and the visible "Load more" button beside it does the job.
 */
export function useLoadOnView<T extends Element>(load: () => void, enabled: boolean, margin = 600) {
  const ref = useRef<T>(null);
  const onVisible = useEffectEvent(load);

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible();
      },
      { rootMargin: `0px 0px ${margin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, margin]);

  return ref;
}

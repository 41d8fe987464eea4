import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '../../../shared/hooks/use-media-query.ts';

/** Spec §9 "Limit dialog animation": 800 ms on open, then a 500 ms pulse every 5 s. */
export const LIMIT_DIALOG_INTRO_MS = 800;
export const LIMIT_DIALOG_NUDGE_EVERY_MS = 5000;
export const LIMIT_DIALOG_NUDGE_MS = 500;

/** 'intro' right after opening, 'nudge' during each periodic pulse, null when still. */
export type LimitMotionPhase = 'intro' | 'nudge' | null;

/**
 * Drives the limit dialog's attention animation while `trigger` is set; a new trigger (another
 * 429 while open) starts over. People who prefer reduced motion get no motion at all.
 */
export function useLimitDialogMotion(trigger: object | null): LimitMotionPhase {
  const reducedMotion = usePrefersReducedMotion();
  const [phase, setPhase] = useState<LimitMotionPhase>(null);
  const active = trigger !== null && !reducedMotion;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new trigger (payload) restarts the animation
  useEffect(() => {
    if (!active) return;
    const timeouts = new Set<ReturnType<typeof setTimeout>>();
    const after = (ms: number, run: () => void) => {
      const id = setTimeout(() => {
        timeouts.delete(id);
        run();
      }, ms);
      timeouts.add(id);
    };

    setPhase('intro');
    after(LIMIT_DIALOG_INTRO_MS, () => setPhase(null));
    const interval = setInterval(() => {
      setPhase('nudge');
      after(LIMIT_DIALOG_NUDGE_MS, () => setPhase(null));
    }, LIMIT_DIALOG_NUDGE_EVERY_MS);

    return () => {
      clearInterval(interval);
      for (const id of timeouts) clearTimeout(id);
      setPhase(null);
    };
  }, [active, trigger]);

  return active ? phase : null;
}

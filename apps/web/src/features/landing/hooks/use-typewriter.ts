import { useEffect, useState } from 'react';
import {
  nextTypewriterState,
  TYPEWRITER_START,
  type TypewriterState,
  typewriterDelay,
} from '../lib/typewriter.ts';

/**
 * The line being typed and how much of it shows; with `animate` false, the first line, whole
 * and still.
 */
export function useTypewriter(
  lines: readonly string[],
  animate: boolean,
): { line: string; typed: number } {
  const [state, setState] = useState<{ lines: readonly string[]; step: TypewriterState }>({
    lines,
    step: TYPEWRITER_START,
  });
  // New lines start over (set during render, as React recommends for derived resets).
  if (state.lines !== lines) setState({ lines, step: TYPEWRITER_START });

  const { step } = state;
  useEffect(() => {
    if (!animate) return;
    const timer = setTimeout(
      () => setState((current) => ({ ...current, step: nextTypewriterState(current.step, lines) })),
      typewriterDelay(step, lines),
    );
    return () => clearTimeout(timer);
  }, [animate, lines, step]);

  if (!animate) return { line: lines[0] ?? '', typed: Number.POSITIVE_INFINITY };
  return { line: lines[step.line] ?? '', typed: step.length };
}

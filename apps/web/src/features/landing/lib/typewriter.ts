/** The typing headline as a small state machine: type a line, hold, delete it, next line. */
export interface TypewriterState {
  line: number;
  length: number;
  phase: 'typing' | 'deleting';
}

export interface TypewriterTiming {
  typeMs: number;
  deleteMs: number;
  /** How long a fully typed line stays before it is deleted. */
  holdMs: number;
  /** The pause on an empty line before the next one is typed. */
  gapMs: number;
}

export const TYPEWRITER_TIMING: TypewriterTiming = {
  typeMs: 55,
  deleteMs: 25,
  holdMs: 2400,
  gapMs: 400,
};

export const TYPEWRITER_START: TypewriterState = { line: 0, length: 0, phase: 'typing' };

export function nextTypewriterState(
  state: TypewriterState,
  lines: readonly string[],
): TypewriterState {
  const full = lines[state.line]?.length ?? 0;
  if (state.phase === 'typing') {
    return state.length < full
      ? { ...state, length: state.length + 1 }
      : { ...state, phase: 'deleting' };
  }
  if (state.length > 0) return { ...state, length: state.length - 1 };
  return { line: (state.line + 1) % Math.max(lines.length, 1), length: 0, phase: 'typing' };
}

/** How long `state` stays on screen before the next step. */
export function typewriterDelay(
  state: TypewriterState,
  lines: readonly string[],
  timing: TypewriterTiming = TYPEWRITER_TIMING,
): number {
  const full = lines[state.line]?.length ?? 0;
  if (state.phase === 'typing') return state.length < full ? timing.typeMs : timing.holdMs;
  return state.length > 0 ? timing.deleteMs : timing.gapMs;
}

import { describe, expect, it } from 'vitest';
import {
  nextTypewriterState,
  TYPEWRITER_START,
  TYPEWRITER_TIMING,
  type TypewriterState,
  typewriterDelay,
} from './typewriter.ts';

const lines = ['Hi', 'Yo!'];

function run(steps: number, from: TypewriterState = TYPEWRITER_START) {
  const seen: TypewriterState[] = [from];
  let state = from;
  for (let i = 0; i < steps; i++) {
    state = nextTypewriterState(state, lines);
    seen.push(state);
  }
  return seen;
}

describe('typewriter', () => {
  it('types a line, holds it, deletes it, then types the next, looping back to the first', () => {
    const seen = run(12).map((s) => `${s.line}:${s.phase[0]}${s.length}`);
    expect(seen).toEqual([
      '0:t0',
      '0:t1',
      '0:t2', // "Hi" fully typed
      '0:d2', // held, then deleting
      '0:d1',
      '0:d0',
      '1:t0',
      '1:t1',
      '1:t2',
      '1:t3',
      '1:d3',
      '1:d2',
      '1:d1',
    ]);
    expect(nextTypewriterState({ line: 1, length: 0, phase: 'deleting' }, lines)).toEqual(
      TYPEWRITER_START,
    );
  });

  it('pauses on a full line and between lines, and types faster than it reads', () => {
    const t = TYPEWRITER_TIMING;
    expect(typewriterDelay({ line: 0, length: 1, phase: 'typing' }, lines)).toBe(t.typeMs);
    expect(typewriterDelay({ line: 0, length: 2, phase: 'typing' }, lines)).toBe(t.holdMs);
    expect(typewriterDelay({ line: 0, length: 2, phase: 'deleting' }, lines)).toBe(t.deleteMs);
    expect(typewriterDelay({ line: 0, length: 0, phase: 'deleting' }, lines)).toBe(t.gapMs);
    expect(t.holdMs).toBeGreaterThan(t.typeMs * 10);
    expect(t.deleteMs).toBeLessThan(t.typeMs);
  });

  it('a single line repeats', () => {
    const state = nextTypewriterState({ line: 0, length: 0, phase: 'deleting' }, ['Only']);
    expect(state).toEqual({ line: 0, length: 0, phase: 'typing' });
  });
});

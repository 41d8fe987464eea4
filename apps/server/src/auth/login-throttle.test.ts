import { describe, expect, it } from 'vitest';
import { LOGIN_SLOWDOWN_FROM, LOGIN_SLOWDOWN_MAX_MS, slowdownFor } from './login-throttle.ts';

describe('slowdownFor', () => {
  it('waits not at all below the threshold, then doubles every five failures up to a cap', () => {
    expect(slowdownFor(0)).toBe(0);
    expect(slowdownFor(LOGIN_SLOWDOWN_FROM - 1)).toBe(0);
    expect(slowdownFor(LOGIN_SLOWDOWN_FROM)).toBe(250);
    expect(slowdownFor(LOGIN_SLOWDOWN_FROM + 4)).toBe(250);
    expect(slowdownFor(LOGIN_SLOWDOWN_FROM + 5)).toBe(500);
    expect(slowdownFor(LOGIN_SLOWDOWN_FROM + 10)).toBe(1000);
    expect(slowdownFor(1_000_000)).toBe(LOGIN_SLOWDOWN_MAX_MS);
  });
});

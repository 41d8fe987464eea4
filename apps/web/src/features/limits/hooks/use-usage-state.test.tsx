import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { limitsRecord } from '../test/limits-record.ts';
import { useUsageState } from './use-usage-state.ts';

describe('useUsageState', () => {
  it('leaves the input enabled below the limits', () => {
    const { result } = renderHook(() => useUsageState(limitsRecord({ requestsUsedDay: 24 }), 16));
    expect(result.current).toEqual({
      requestLevel: 'almost',
      messageLevel: 'warning',
      inputDisabled: false,
      disabledPlaceholder: undefined,
    });
  });

  it('disables the input with the spec placeholder once a limit is reached, and follows changes', () => {
    const limits = limitsRecord();
    const { result, rerender } = renderHook(({ count }) => useUsageState(limits, count), {
      initialProps: { count: 19 },
    });
    expect(result.current.inputDisabled).toBe(false);
    rerender({ count: 20 });
    expect(result.current).toEqual({
      requestLevel: 'none',
      messageLevel: 'reached',
      inputDisabled: true,
      disabledPlaceholder: 'Input disabled due to rate limit',
    });
  });

  it('keeps the same object while nothing changes', () => {
    const limits = limitsRecord();
    const { result, rerender } = renderHook(() => useUsageState(limits, 3));
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});

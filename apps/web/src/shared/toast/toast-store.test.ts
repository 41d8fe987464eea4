import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  resetToastsForTests,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  type ToastItem,
  type ToastState,
  toast,
  toastReducer,
  useToast,
} from './toast-store.ts';

const item = (id: string, extra: Partial<ToastItem> = {}): ToastItem => ({
  id,
  title: `Toast ${id}`,
  variant: 'default',
  open: true,
  ...extra,
});

describe('toastReducer', () => {
  it('ADD puts the new toast first and keeps only TOAST_LIMIT (one) of them', () => {
    expect(TOAST_LIMIT).toBe(1);
    const one = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: item('1') });
    const two = toastReducer(one, { type: 'ADD_TOAST', toast: item('2') });
    expect(one.toasts.map((t) => t.id)).toEqual(['1']);
    expect(two.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('UPDATE merges fields into the matching toast only', () => {
    const state: ToastState = { toasts: [item('1')] };
    const updated = toastReducer(state, {
      type: 'UPDATE_TOAST',
      toast: { id: '1', description: 'More', variant: 'destructive' },
    });
    expect(updated.toasts[0]).toEqual({
      ...item('1'),
      description: 'More',
      variant: 'destructive',
    });
    expect(toastReducer(state, { type: 'UPDATE_TOAST', toast: { id: 'x', title: 'No' } })).toEqual(
      state,
    );
    expect(state.toasts[0]?.description).toBeUndefined(); // the old state is untouched
  });

  it('DISMISS closes one toast by id, or every toast without one', () => {
    const state: ToastState = { toasts: [item('1'), item('2')] };
    const one = toastReducer(state, { type: 'DISMISS_TOAST', toastId: '2' });
    expect(one.toasts.map((t) => t.open)).toEqual([true, false]);
    const all = toastReducer(state, { type: 'DISMISS_TOAST' });
    expect(all.toasts.map((t) => t.open)).toEqual([false, false]);
  });

  it('REMOVE drops one toast by id, or every toast without one', () => {
    const state: ToastState = { toasts: [item('1'), item('2')] };
    expect(toastReducer(state, { type: 'REMOVE_TOAST', toastId: '1' }).toasts).toEqual([item('2')]);
    expect(toastReducer(state, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });
});

describe('toast() and useToast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    resetToastsForTests();
    vi.useRealTimers();
  });

  it('shows one toast at a time, defaulting to the default variant', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'Details', variant: 'destructive' });
    });
    expect(result.current.toasts).toEqual([
      expect.objectContaining({ title: 'Second', description: 'Details', variant: 'destructive' }),
    ]);
    act(() => {
      toast({ title: 'Third' });
    });
    expect(result.current.toasts).toEqual([
      expect.objectContaining({ title: 'Third', variant: 'default', open: true }),
    ]);
  });

  it('removes a dismissed toast only after TOAST_REMOVE_DELAY (1,000,000 ms)', () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    const { result } = renderHook(() => useToast());
    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({ title: 'Saved' });
    });
    act(() => handle?.dismiss());
    expect(result.current.toasts).toEqual([
      expect.objectContaining({ title: 'Saved', open: false }),
    ]);

    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toEqual([]);
  });

  it('update() changes the toast on screen', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'Saving' }).update({ title: 'Saved' });
    });
    expect(result.current.toasts[0]?.title).toBe('Saved');
  });
});

import { useSyncExternalStore } from 'react';

/** Spec §9: one toast at a time; a dismissed toast is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
/** How long a toast stays open before it dismisses itself. */
export const TOAST_DURATION = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastItem {
  id: string;
  title?: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

export type ToastInput = Omit<ToastItem, 'id' | 'open' | 'variant'> & { variant?: ToastVariant };

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: ToastItem }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToastItem> & Pick<ToastItem, 'id'> }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

export interface ToastState {
  toasts: ToastItem[];
}

/** Pure: the newest toast goes first; without a toastId, DISMISS and REMOVE act on all. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      return {
        toasts:
          action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

// One store for the whole page, so `toast()` works from anywhere (query callbacks included).
let memoryState: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction): void {
  memoryState = toastReducer(memoryState, action);
  if (action.type === 'DISMISS_TOAST') {
    const ids =
      action.toastId === undefined ? memoryState.toasts.map((t) => t.id) : [action.toastId];
    for (const id of ids) scheduleRemoval(id);
  }
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: 'REMOVE_TOAST', toastId: id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(toastId?: string): void {
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

/** Shows a toast (replacing the one on screen) and returns handles to change or close it. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({
    type: 'ADD_TOAST',
    toast: { ...input, id, variant: input.variant ?? 'default', open: true },
  });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: Partial<ToastInput>) =>
      dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } }),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastState {
  return memoryState;
}

export function useToast() {
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}

/** Test helper: forget every toast and pending timer. */
export function resetToastsForTests(): void {
  for (const timer of removeTimers.values()) clearTimeout(timer);
  removeTimers.clear();
  memoryState = { toasts: [] };
  for (const listener of listeners) listener();
}

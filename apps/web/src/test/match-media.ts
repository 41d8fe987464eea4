/**
 * jsdom has no matchMedia. This fake answers the queries the app asks and lets a test flip
 * them, firing 'change' to the listeners like a browser does.
 */
export interface FakeMedia {
  set(query: string, matches: boolean): void;
  listenerCount(query: string): number;
}

export function installMatchMedia(initial: Record<string, boolean> = {}): FakeMedia {
  const state = new Map(Object.entries(initial));
  const listeners = new Map<string, Set<(event: MediaQueryListEvent) => void>>();
  const listenersOf = (query: string) => {
    let set = listeners.get(query);
    if (!set) {
      set = new Set();
      listeners.set(query, set);
    }
    return set;
  };

  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return state.get(query) ?? false;
      },
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listenersOf(query).add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listenersOf(query).delete(listener),
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => true,
    }) as unknown as MediaQueryList;

  return {
    set(query, matches) {
      state.set(query, matches);
      for (const listener of listenersOf(query)) {
        listener({ matches, media: query } as MediaQueryListEvent);
      }
    },
    listenerCount: (query) => listenersOf(query).size,
  };
}

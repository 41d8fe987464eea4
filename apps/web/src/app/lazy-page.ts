import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createElement, type LazyExoticComponent, lazy, useState } from 'react';

type PageModule = { default: ComponentType };

/** A page whose code loads on demand: see LazyPage. */
export type PageLoader = {
  /** Starts loading the page's code (once), settling when it can render. */
  preload(): Promise<PageModule>;
  /** Starts the calls the page's first screen waits for, when it is the page the app opens on. */
  prefetch(queryClient: QueryClient): void;
  /** The page, once its code has loaded. */
  loaded(): ComponentType | undefined;
  /** The page through React.lazy: suspends until its code has loaded. */
  lazy: LazyExoticComponent<ComponentType>;
};

export function pageLoader(
  load: () => Promise<PageModule>,
  prefetch: (queryClient: QueryClient) => void = () => {},
): PageLoader {
  let loading: Promise<PageModule> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  return { preload, prefetch, loaded: () => loaded, lazy: lazy(preload) };
}

/**
 * A page whose code loads on demand, as with React.lazy, and that renders at once when its code
 * was loaded ahead: main.tsx loads the opening page's code (fetched already: the page shell
 * preloads it) before the first render, so that render shows the page itself. A React.lazy page
 * always suspends once, even with its code at hand, and React then holds the boundary's content
 * back until 300 ms after its fallback appeared (another boundary revealed meanwhile restarts
 * that wait): measured on /chat, the welcome screen painted about 600 ms after its code loaded.
 */
export function LazyPage({ page }: { page: PageLoader }) {
  // Chosen once per mount, so the page is never swapped for another component (and remounted).
  const [component] = useState<ComponentType>(() => page.loaded() ?? page.lazy);
  return createElement(component);
}

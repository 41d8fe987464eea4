import {
  type ComponentType,
  cloneElement,
  type LazyExoticComponent,
  type ReactElement,
  Suspense,
  useState,
} from 'react';

/** A menu component that renders its own Radix root around `trigger`, open at first. */
export type DeferredMenuComponent<P> = LazyExoticComponent<
  ComponentType<P & { trigger: ReactElement; defaultOpen: boolean }>
>;

type DeferredMenuProps<P> = {
  /** The button that opens the menu (a plain button until the menu code arrives). */
  trigger: ReactElement<{
    onClick?: () => void;
    onPointerEnter?: () => void;
    onFocus?: () => void;
  }>;
  menu: DeferredMenuComponent<P>;
  props: P;
  /** Starts loading the menu code (on hover or focus, so a click finds it ready). */
  preload(): void;
};

/**
 * A dropdown menu whose code (Radix menu, popper, focus management: ~28 KB gzip) loads on first
 * use instead of with the page. Until then the trigger is a plain button; a click loads the menu
 * and mounts it already open.
 */
export function DeferredMenu<P extends object>({
  trigger,
  menu: Menu,
  props,
  preload,
}: DeferredMenuProps<P>) {
  const [used, setUsed] = useState(false);
  if (!used) {
    return cloneElement(trigger, {
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => setUsed(true),
    });
  }
  return (
    <Suspense fallback={trigger}>
      <Menu {...props} trigger={trigger} defaultOpen />
    </Suspense>
  );
}

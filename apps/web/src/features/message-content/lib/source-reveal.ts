/**
 * Clicking a citation marker asks the sources list to show that source: the list may be
 * collapsed with the source hidden, so the browser's own jump to `#source-…` cannot find it.
 * A window event keeps the markdown chunk and the list decoupled (they render in different
 * places of the bubble and the markdown may load later).
 */
const REVEAL_EVENT = 'samvad:reveal-source';

export function requestSourceReveal(anchorId: string): void {
  window.dispatchEvent(new CustomEvent<string>(REVEAL_EVENT, { detail: anchorId }));
}

export function onSourceRevealRequest(listener: (anchorId: string) => void): () => void {
  const handle = (event: Event) => {
    if (event instanceof CustomEvent && typeof event.detail === 'string') listener(event.detail);
  };
  window.addEventListener(REVEAL_EVENT, handle);
  return () => window.removeEventListener(REVEAL_EVENT, handle);
}

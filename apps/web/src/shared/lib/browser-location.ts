/**
 * A full-page navigation (leaves the single-page app). Kept in its own module so tests can
 * replace it: jsdom does not implement navigation.
 */
export function assignLocation(url: string): void {
  window.location.assign(url);
}

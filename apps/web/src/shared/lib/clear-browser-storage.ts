/** Empties local and session storage (spec: the banned screen's Sign Out). */
export function clearBrowserStorage(): void {
  for (const storage of [() => localStorage, () => sessionStorage]) {
    try {
      storage().clear();
    } catch {
      // Storage can be unavailable (private mode, blocked cookies); nothing to clear then.
    }
  }
}

/** Spec "Ban details": kept in session storage under this key for the banned screen. */
export const BAN_DETAILS_KEY = 'banDetails';

export interface BanDetails {
  banned: true;
  reason: string | null;
}

export function storeBanDetails(reason: string | null): void {
  const details: BanDetails = { banned: true, reason };
  try {
    sessionStorage.setItem(BAN_DETAILS_KEY, JSON.stringify(details));
  } catch {
    // Storage can be unavailable (private mode, quota); the reason still travels in the URL.
  }
}

/** `/banned`, with the reason as a query parameter when there is one. */
export function bannedPath(reason: string | null): string {
  return reason ? `/banned?${new URLSearchParams({ reason })}` : '/banned';
}

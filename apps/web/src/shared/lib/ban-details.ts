/** Spec "Ban details": kept in session storage under this key for the banned screen. */
export const BAN_DETAILS_KEY = 'banDetails';

/** The banned screen's route. */
export const BANNED_PATH = '/banned';

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

/** The stored ban details, or null when there are none (or they cannot be read). */
export function readBanDetails(): BanDetails | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(BAN_DETAILS_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const reason = (parsed as { reason?: unknown }).reason;
    return { banned: true, reason: typeof reason === 'string' && reason.trim() ? reason : null };
  } catch {
    return null;
  }
}

/** `/banned`, with the reason as a query parameter when there is one. */
export function bannedPath(reason: string | null): string {
  return reason ? `${BANNED_PATH}?${new URLSearchParams({ reason })}` : BANNED_PATH;
}

/** Forgets the ban details: the server has since signed this tab in as an account in good standing. */
export function clearBanDetails(): void {
  try {
    sessionStorage.removeItem(BAN_DETAILS_KEY);
  } catch {
    // Nothing stored, or storage unavailable: nothing to forget.
  }
}

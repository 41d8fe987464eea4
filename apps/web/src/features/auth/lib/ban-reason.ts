import type { SessionUser } from '@samvad/contracts/auth';
import { readBanDetails } from '../../../shared/lib/ban-details.ts';

/** Spec §2 "Banned screen": shown when no reason is known. */
export const DEFAULT_BAN_REASON = 'Your account has been banned by an administrator.';

/**
 * The reason to show on the banned screen: the stored ban details first, then the `reason`
 * query parameter, then what the session says, else the default text.
 */
export function resolveBanReason(search: string, sessionReason: string | null = null): string {
  const fromQuery = new URLSearchParams(search).get('reason')?.trim();
  return readBanDetails()?.reason || fromQuery || sessionReason || DEFAULT_BAN_REASON;
}

export type BanTitle = 'Account Banned' | 'Account Restricted';

/**
 * The banned screen's title: the admin spec's 'Account Banned' for a ban without end (an
 * administrator's Ban User), the chat spec's 'Account Restricted' for a restriction until a
 * time (bannedUntil), and when the account is not known (a visitor at /banned?reason=…).
 */
export function banTitle(user: SessionUser | null): BanTitle {
  if (!user?.banned || user.bannedUntil) return 'Account Restricted';
  return 'Account Banned';
}

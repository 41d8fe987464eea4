import { assignLocation } from '../../../shared/lib/browser-location.ts';
import { clearBrowserStorage } from '../../../shared/lib/clear-browser-storage.ts';
import { signOut } from '../api/sign-out.ts';

/**
 * The banned screen's Sign Out (spec §2): ends the session (a failure changes nothing for the
 * user), clears local and session storage and reloads the app at /.
 */
export async function leaveBannedAccount(): Promise<void> {
  try {
    await signOut();
  } catch {
    // Still leave: the banned screen offers nothing else.
  }
  clearBrowserStorage();
  assignLocation('/');
}

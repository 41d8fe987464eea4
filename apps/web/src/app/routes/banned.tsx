import { useLocation } from 'react-router';
import { BannedScreen } from '../../features/auth/components/banned-screen.tsx';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { banTitle, resolveBanReason } from '../../features/auth/lib/ban-reason.ts';

/** `/banned?reason=…`: the restricted-account screen, whoever visits it. */
export default function BannedRoute() {
  const { search } = useLocation();
  const auth = useAuth();
  const user = auth.status === 'banned' || auth.status === 'authenticated' ? auth.user : null;
  const reason = resolveBanReason(search, auth.status === 'banned' ? auth.reason : null);

  return (
    <main id="main" className="flex flex-1 items-center justify-center px-5 pt-4 pb-20 sm:px-8">
      <BannedScreen
        title={banTitle(user)}
        email={user?.email ?? null}
        reason={reason}
        until={user?.banned ? user.bannedUntil : null}
      />
    </main>
  );
}

import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { AdminHome } from '../../features/admin/components/admin-home.tsx';
import { AdminLoginForm } from '../../features/admin/components/admin-login-form.tsx';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { useSetSessionUser } from '../../features/auth/hooks/use-set-session-user.ts';

/**
 * `/admin`: the login form, or the admin home once the session user has the admin role
 * (admin-community §4 "Admin gate"). A signed-in member who is not an admin gets the form
 * with a note saying so.
 */
export default function AdminRoute() {
  const auth = useAuth();
  const setSessionUser = useSetSessionUser();

  let content: ReactNode;
  if (auth.status === 'loading') {
    content = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden className="size-4 animate-spin" />
        Loading…
      </p>
    );
  } else if (auth.status === 'authenticated' && auth.user.role === 'admin') {
    content = <AdminHome user={auth.user} onLoggedOut={() => setSessionUser(null)} />;
  } else {
    const member = auth.status === 'authenticated' ? auth.user : null;
    content = (
      <AdminLoginForm
        signedInAs={member ? (member.email ?? member.name ?? member.username) : null}
        onLoggedIn={setSessionUser}
      />
    );
  }

  return (
    <main
      id="main"
      className="flex flex-1 items-start justify-center px-5 pt-6 pb-20 sm:items-center sm:px-8"
    >
      {content}
    </main>
  );
}

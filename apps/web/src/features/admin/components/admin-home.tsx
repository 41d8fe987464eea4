import type { SessionUser } from '@samvad/contracts/auth';
import { LoaderCircle, LogOut, ShieldCheck } from 'lucide-react';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../shared/ui/card.tsx';
import { useAdminLogout } from '../api/admin-logout.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

/** `/admin` once logged in: who is signed in, log out, password change. The dashboard follows. */
export function AdminHome({ user, onLoggedOut }: { user: SessionUser; onLoggedOut: () => void }) {
  const logout = useAdminLogout({ onSuccess: onLoggedOut });
  const who = user.name ?? user.username ?? user.email ?? 'admin';

  return (
    <div className="grid w-full max-w-2xl animate-fade-up gap-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid gap-2">
            <CardTitle className="text-2xl sm:text-3xl">Administration</CardTitle>
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span>
                Signed in as <span className="font-medium text-foreground">{who}</span>
              </span>
              <span className="inline-flex items-center gap-1 rounded-full border border-border bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">
                <ShieldCheck aria-hidden className="size-3.5" />
                {user.role}
              </span>
            </p>
          </div>
          <Button
            variant="outline"
            disabled={logout.isPending}
            aria-busy={logout.isPending}
            onClick={() => logout.mutate()}
          >
            {logout.isPending ? (
              <LoaderCircle aria-hidden className="animate-spin" />
            ) : (
              <LogOut aria-hidden />
            )}
            Log out
          </Button>
        </CardHeader>
        <CardContent>
          <Alert>The dashboard (users, conversations, limits) comes next.</Alert>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="font-serif text-xl font-medium tracking-tight">Change password</h2>
          <p className="text-sm leading-relaxed text-muted-foreground">
            You need the current password to set a new one.
          </p>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm username={user.username} />
        </CardContent>
      </Card>
    </div>
  );
}

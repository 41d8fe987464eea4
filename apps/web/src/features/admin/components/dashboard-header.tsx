import type { SessionUser } from '@samvad/contracts/auth';
import { LoaderCircle, LogOut, Search, ShieldCheck } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Badge } from '../../../shared/ui/badge.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { useAdminLogout } from '../api/admin-logout.ts';
import { PasswordDialog } from './password-dialog.tsx';

/**
 * The dashboard's header (spec admin-community §2): who is logged in and their role, the user
 * search (applied on Enter, trimmed), Password Management and Logout.
 */
export function DashboardHeader({
  user,
  query,
  onSearch,
  onLoggedOut,
}: {
  user: SessionUser;
  /** The search in the URL: the box shows it again after a reload or Back. */
  query: string;
  onSearch(query: string): void;
  onLoggedOut(): void;
}) {
  const logout = useAdminLogout({ onSuccess: onLoggedOut });
  const searchId = useId();
  const who = user.email ?? user.name ?? user.username ?? 'admin';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('query');
    onSearch(typeof text === 'string' ? text.trim() : '');
  };

  return (
    <header className="flex flex-wrap items-end justify-between gap-x-6 gap-y-4">
      <div className="grid min-w-0 gap-1.5">
        <h1 className="font-serif text-2xl font-medium tracking-tight sm:text-3xl">
          Admin Dashboard
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span className="min-w-0 break-words">
            Signed in as <span className="font-medium text-foreground">{who}</span>
          </span>
          <Badge>
            <ShieldCheck aria-hidden />
            {user.role}
          </Badge>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <search className="w-full sm:w-auto">
          <form onSubmit={submit} key={query} className="relative">
            <label htmlFor={searchId} className="sr-only">
              Search users
            </label>
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <input
              id={searchId}
              name="query"
              type="search"
              defaultValue={query}
              placeholder="Search users by name, email or username"
              enterKeyHint="search"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={200}
              className="h-10 w-full min-w-[300px] rounded-full border border-input bg-card pr-4 pl-10 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 sm:w-96"
            />
          </form>
        </search>
        <PasswordDialog username={user.username} />
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
          Logout
        </Button>
      </div>
    </header>
  );
}

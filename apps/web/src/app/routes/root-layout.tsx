import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../../features/auth/api/get-session.ts';
import { AccountMenu } from '../../features/auth/components/account-menu.tsx';
import { BannedRedirect } from '../../features/auth/components/banned-redirect.tsx';
import { deriveAuthState } from '../../features/auth/lib/auth-state.ts';
import { usePersona } from '../../features/persona/api/get-persona.ts';
import { usePersonaDocumentMeta } from '../../features/persona/hooks/use-persona-document-meta.ts';
import { ThemeToggle } from '../../features/theme/components/theme-toggle.tsx';
import { BANNED_PATH, clearBanDetails, readBanDetails } from '../../shared/lib/ban-details.ts';
import { useToast } from '../../shared/toast/toast-store.ts';
import { ErrorBoundary } from '../../shared/ui/error-boundary.tsx';
import { RouteError } from './route-error.tsx';
import { SessionError } from './session-error.tsx';

// Toasts never show on first paint; their Radix code loads with the first toast (it waits).
const Toaster = lazy(() =>
  import('../../shared/toast/toaster.tsx').then((module) => ({ default: module.Toaster })),
);

/** Pages that work without a session, so a failed session call does not replace them. */
const SESSION_OPTIONAL_PATHS = new Set([BANNED_PATH, '/auth/google/callback']);

/** Full-screen pages with their own header and actions (the chat and its shared view). */
function hasOwnFrame(pathname: string): boolean {
  return pathname === '/chat' || pathname.startsWith('/share/');
}

/**
 * The frame of every page: skip link, brand, theme menu and account menu (top right) and the
 * toasts. App shell rules (admin-community §2): a banned user sees the banned screen wherever
 * they are; a session that cannot be loaded shows the "Session Error" page.
 */
export function RootLayout() {
  usePersonaDocumentMeta();
  const { pathname } = useLocation();
  const session = useSession();
  const auth = deriveAuthState(session.data);
  // Only a first load that failed: a failed background refresh keeps the last good answer.
  const sessionFailed = session.isError && session.data === undefined;
  // Ban details in this tab mean a banned account was here (its session is gone or never
  // existed): it stays on the banned screen as a visitor too, until it signs out or signs in as
  // an account in good standing, which clears them.
  const storedBan = auth.status === 'unauthenticated' ? readBanDetails() : null;
  useEffect(() => {
    if (auth.status === 'authenticated') clearBanDetails();
  }, [auth.status]);

  let page = (
    // Keyed by path: moving to another page clears an error shown for the last one.
    <ErrorBoundary key={pathname} fallback={<RouteError />}>
      <Suspense fallback={<div className="flex-1" />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
  if (auth.status === 'banned' && pathname !== BANNED_PATH) {
    page = <BannedRedirect reason={auth.reason} />;
  } else if (storedBan && pathname !== BANNED_PATH) {
    page = <BannedRedirect reason={storedBan.reason} />;
  } else if (sessionFailed && !SESSION_OPTIONAL_PATHS.has(pathname)) {
    page = <SessionError />;
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-sm text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {!hasOwnFrame(pathname) && (
        <header className="flex h-16 shrink-0 items-center justify-between px-4 sm:px-6">
          <Brand />
          <div className="flex items-center gap-1">
            <CommunityLink
              current={pathname === '/community' || pathname.startsWith('/community/')}
            />
            <ThemeToggle />
            {auth.status === 'authenticated' && <AccountMenu user={auth.user} />}
          </div>
        </header>
      )}
      {page}
      <ToasterOnDemand />
    </div>
  );
}

/**
 * The toasts, from the first one on: until then their code (Radix Toast) is not loaded at all,
 * so it takes no part in loading the page.
 */
function ToasterOnDemand() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * The way into the community from every framed page (the chat links to it from its sources).
 * Text only: an icon here costs /chat's first load more than its own bytes (it splits the icon
 * library's shared code out of the entry chunk).
 */
function CommunityLink({ current }: { current: boolean }) {
  return (
    <Link
      to="/community"
      aria-current={current ? 'page' : undefined}
      className="inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-medium text-foreground transition-colors hover:bg-secondary aria-[current=page]:bg-secondary"
    >
      Community
    </Link>
  );
}

function Brand() {
  const { data: persona } = usePersona();
  return (
    <Link
      to="/"
      className="-mx-2 flex items-center gap-2.5 rounded-lg px-2 py-1.5 text-foreground"
      aria-label={persona ? `${persona.productName}, home` : 'Home'}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7 rounded-lg" />
      {persona ? (
        <span className="font-serif text-lg font-semibold tracking-tight">
          {persona.productName}
        </span>
      ) : (
        <span aria-hidden="true" className="h-4 w-20 animate-pulse rounded bg-muted" />
      )}
    </Link>
  );
}

import { Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { AccountMenu } from '../../features/auth/components/account-menu.tsx';
import { SignInButton } from '../../features/auth/components/sign-in-button.tsx';
import { SignInUnavailableNote } from '../../features/auth/components/sign-in-unavailable-note.tsx';
import type { AuthState } from '../../features/auth/lib/auth-state.ts';
import { useImportGuestChats } from '../../features/chat/hooks/use-import-guest-chats.ts';
import { usePersona } from '../../features/persona/api/get-persona.ts';
import { ThemeToggle } from '../../features/theme/components/theme-toggle.tsx';
import { useMediaQuery } from '../../shared/hooks/use-media-query.ts';
import { Button } from '../../shared/ui/button.tsx';

/** Top-right actions: share, theme, and the account menu or sign-in. */
export function ChatActions({
  auth,
  onShare,
}: {
  auth: AuthState;
  onShare: (() => void) | undefined;
}) {
  const isDesktop = useMediaQuery('(min-width: 768px)');
  return (
    <>
      {onShare && (
        <Button variant="ghost" size="icon" aria-label="Share conversation" onClick={onShare}>
          <Share2 aria-hidden />
        </Button>
      )}
      <ThemeToggle />
      {auth.status === 'authenticated' ? (
        <AccountMenu user={auth.user} />
      ) : (
        // On phones the header is narrow; the sidebar's prompt carries the sign-in button.
        isDesktop && <SignInButton variant="outline" className="h-9 px-3" />
      )}
    </>
  );
}

export function SidebarBrand() {
  const persona = usePersona().data;
  return (
    <Link to="/" className="flex items-center gap-2.5 rounded-lg px-1 py-1 text-foreground">
      <img src="/favicon.svg" alt="" width={24} height={24} className="size-6 rounded-md" />
      <span className="font-serif text-base font-semibold tracking-tight">
        {persona?.productName ?? ''}
      </span>
    </Link>
  );
}

/** Spec §2: signed-out visitors see a prompt to sign in instead of the tabs. */
export function GuestSignInPrompt() {
  return (
    <div className="grid gap-3 rounded-2xl bg-muted/60 p-4 text-sm">
      <p className="font-medium">Sign in to save your conversations</p>
      <p className="leading-relaxed text-muted-foreground">
        As a guest, your chat lives only in this browser tab. Sign in to keep conversations, return
        to them later and manage them here.
      </p>
      <SignInButton className="w-full" />
      <SignInUnavailableNote />
    </div>
  );
}

/**
 * Offered after sign-in when this browser tab holds conversations from before; 'Not now' puts it
 * away for the rest of the tab's session. `onImported` gets each guest id's new server id.
 */
export function ImportGuestChatsBanner({
  onImported,
}: {
  onImported(moved: ReadonlyMap<string, string>): void;
}) {
  const { count, isImporting, importAll, decline } = useImportGuestChats();
  if (count === 0) return null;
  return (
    <section
      aria-label="Import conversations"
      className="mx-auto mt-3 flex w-[calc(100%-2rem)] max-w-3xl flex-wrap items-center gap-3 rounded-2xl border border-border bg-card px-4 py-3 text-sm shadow-xs"
    >
      <p className="min-w-0 flex-1">
        You have {count} {count === 1 ? 'conversation' : 'conversations'} from before you signed in.
        Import {count === 1 ? 'it' : 'them'} into your account?
      </p>
      <Button variant="ghost" onClick={decline} disabled={isImporting}>
        Not now
      </Button>
      <Button
        onClick={() => void importAll().then((moved) => moved.size > 0 && onImported(moved))}
        disabled={isImporting}
      >
        {isImporting ? 'Importing…' : 'Import'}
      </Button>
    </section>
  );
}

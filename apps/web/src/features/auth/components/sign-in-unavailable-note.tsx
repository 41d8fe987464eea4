import { cn } from '../../../shared/lib/cn.ts';
import { useGoogleClientId } from '../api/get-google-client-id.ts';

/**
 * Where the README explains sign-in. The codebase records no public address for its repository,
 * so the note names the file and section (and the settings) rather than linking a guessed URL.
 */
export const README_SIGN_IN_SECTION = 'Sign in';

/**
 * Under 'Sign in Unavailable' (kept as the spec's label): why, and for the administrator what to
 * set. Only when the server said sign-in is not configured (no client id), not while loading or
 * when the configuration could not be fetched (that has its own toast).
 */
export function SignInUnavailableNote({ className }: { className?: string }) {
  const clientId = useGoogleClientId();
  if (!clientId.isSuccess || clientId.data.clientId) return null;
  return (
    <p className={cn('text-xs leading-relaxed text-pretty text-muted-foreground', className)}>
      Sign-in is not configured on this server. Administrators: see “{README_SIGN_IN_SECTION}” in
      the README (set <code className="font-mono">GOOGLE_CLIENT_ID</code>,{' '}
      <code className="font-mono">GOOGLE_CLIENT_SECRET</code> and{' '}
      <code className="font-mono">PUBLIC_URL</code>).
    </p>
  );
}

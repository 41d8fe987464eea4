import { LoaderCircle, LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../../shared/toast/toast-store.ts';
import { Button, type ButtonProps } from '../../../shared/ui/button.tsx';
import { useGoogleClientId } from '../api/get-google-client-id.ts';
import { useSession } from '../api/get-session.ts';
import { startGoogleSignIn } from '../lib/start-google-sign-in.ts';

type SignInButtonProps = Omit<ButtonProps, 'onClick' | 'disabled' | 'children' | 'asChild'>;

/**
 * Spec §2: 'Please wait' while the session, the sign-in configuration or a login is loading;
 * 'Sign in Unavailable' (disabled) without a client id; 'Sign in' otherwise.
 */
export function SignInButton(props: SignInButtonProps) {
  const session = useSession();
  const clientId = useGoogleClientId();
  const [redirecting, setRedirecting] = useState(false);

  // Coming back with the browser's Back button restores this page from cache: wake it up.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const waiting = redirecting || session.isPending || clientId.isPending;
  const available = Boolean(clientId.data?.clientId);

  const signIn = () => {
    if (!clientId.data?.clientId) {
      toast({
        title: 'Sign in failed',
        description: 'Google client ID not available. Authentication cannot proceed.',
        variant: 'destructive',
      });
      return;
    }
    setRedirecting(true);
    startGoogleSignIn();
  };

  return (
    <Button {...props} disabled={waiting || !available} aria-busy={waiting} onClick={signIn}>
      {waiting ? (
        <LoaderCircle aria-hidden className="animate-spin" />
      ) : (
        available && <LogIn aria-hidden />
      )}
      {waiting ? 'Please wait' : available ? 'Sign in' : 'Sign in Unavailable'}
    </Button>
  );
}

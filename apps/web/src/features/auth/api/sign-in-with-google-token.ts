import type { SignInResponse } from '@samvad/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch, isBannedError } from '../../../shared/api/api-client.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { usePersona } from '../../persona/api/get-persona.ts';
import { useSetSessionUser } from '../hooks/use-set-session-user.ts';
import { signedInToast } from '../lib/signed-in-toast.ts';

/**
 * POST /api/auth/google: trades a Google Identity Services credential (a Google ID token) for a
 * session (the server sets the cookie) and answers with the signed-in user.
 */
export function signInWithGoogleToken(token: string): Promise<SignInResponse> {
  return apiFetch<SignInResponse>('/api/auth/google', { method: 'POST', body: { token } });
}

/**
 * Signs in with a credential from the Google button: on success shows the user at once, toasts
 * and goes to /chat; on failure toasts (spec §8). Returns the function to call with the
 * credential.
 */
export function useGoogleTokenSignIn(): (credential: string) => void {
  const setSessionUser = useSetSessionUser();
  const navigate = useNavigate();
  const productName = usePersona().data?.productName;
  const { mutate } = useMutation({
    mutationFn: signInWithGoogleToken,
    onSuccess: ({ user }) => {
      setSessionUser(user);
      toast(signedInToast(productName));
      navigate('/chat');
    },
    onError: (error) => {
      // A banned account: apiFetch is already taking the page to /banned.
      if (isBannedError(error)) return;
      toast({
        title: 'Sign in failed',
        description: 'There was a problem signing in. Please try again.',
        variant: 'destructive',
      });
    },
  });
  return mutate;
}

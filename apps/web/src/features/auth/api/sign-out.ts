import type { SessionResponse } from '@samvad/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { sessionQueryKey } from './get-session.ts';

/** POST /api/auth/signout: ends the session and clears its cookie. */
export function signOut(): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/api/auth/signout', { method: 'POST' });
}

const signedOut: SessionResponse = { user: null, banned: false };

/**
 * Signs out, then (spec §4) clears the user, invalidates the session query and goes home.
 * Toasts the outcome either way (spec §8).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      queryClient.setQueryData(sessionQueryKey, signedOut);
      toast({ title: 'Signed out', description: "You've been successfully signed out" });
      navigate('/');
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onError: () => {
      toast({
        title: 'Sign out failed',
        description: 'There was a problem signing out. Please try again.',
        variant: 'destructive',
      });
    },
  });
}

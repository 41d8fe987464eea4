import type { SessionResponse } from '@samvad/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isBannedError } from '../../../shared/api/api-client.ts';
import { apiErrorMessage } from '../../../shared/api/error-message.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { usePersona } from '../../persona/api/get-persona.ts';
import { exchangeGoogleCodeOnce } from '../api/exchange-google-code.ts';
import { sessionQueryKey } from '../api/get-session.ts';
import { readGoogleCallback } from '../lib/google-callback-params.ts';
import { takeSignInReturn } from '../lib/sign-in-return.ts';
import { signedInToast } from '../lib/signed-in-toast.ts';

/** Spec §9 "OAuth redirect delay". */
export const OAUTH_REDIRECT_DELAY_MS = 2000;

/** Spec: the failure toast's text when there is no better reason to give. */
const SIGN_IN_FAILED_TEXT = 'There was a problem signing in. Please try again.';

export type GoogleCallbackStatus = 'processing' | 'succeeded' | 'failed';

class ProviderError extends Error {}

/**
 * Finishes a Google sign-in on /auth/google/callback: exchanges the code from `search` (once,
 * however often React runs the effect), refreshes the session, toasts the outcome and goes to
 * the page sign-in started from after 2 seconds, else / (the landing page then sends a
 * signed-in user on to /chat).
 */
export function useGoogleCallback(search: string): GoogleCallbackStatus {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [status, setStatus] = useState<GoogleCallbackStatus>('processing');
  // Read when the sign-in ends, without running the exchange again when it arrives.
  const productName = useRef<string | undefined>(undefined);
  productName.current = usePersona().data?.productName;

  useEffect(() => {
    // Cleared when React drops this run (StrictMode's rehearsal, or leaving the page): the
    // outcome is then handled by the run that replaced it, or by nobody.
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (next: GoogleCallbackStatus) => {
      setStatus(next);
      const to = next === 'succeeded' ? takeSignInReturn() : '/';
      timer = setTimeout(() => navigate(to, { replace: true }), OAUTH_REDIRECT_DELAY_MS);
    };

    const request = readGoogleCallback(search);
    const outcome =
      request.kind === 'exchange'
        ? exchangeGoogleCodeOnce(request.params)
        : Promise.reject(new ProviderError(request.error));

    outcome.then(
      ({ user }) => {
        if (!active) return;
        const session: SessionResponse = { user, banned: false };
        queryClient.setQueryData(sessionQueryKey, session);
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        toast(signedInToast(productName.current));
        finish('succeeded');
      },
      (error: unknown) => {
        if (!active) return;
        // A banned account: apiFetch is already taking the page to /banned.
        if (isBannedError(error)) return;
        toast({
          title: 'Sign in failed',
          // The server says why when it knows (e.g. which address sign-in must use).
          description: apiErrorMessage(error, SIGN_IN_FAILED_TEXT),
          variant: 'destructive',
        });
        finish('failed');
      },
    );

    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [search, navigate, queryClient]);

  return status;
}

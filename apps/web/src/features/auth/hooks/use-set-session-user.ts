import type { SessionResponse, SessionUser } from '@samvad/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionQueryKey } from '../api/get-session.ts';

/**
 * For sign-ins and sign-outs made elsewhere (e.g. the admin login): shows the new user at once,
 * then asks the server for the session again.
 */
export function useSetSessionUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: SessionUser | null) => {
      const session: SessionResponse = { user, banned: false };
      queryClient.setQueryData(sessionQueryKey, session);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    [queryClient],
  );
}

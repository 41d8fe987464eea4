import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { apiErrorMessage } from '../../../shared/api/error-message.ts';
import { toast } from '../../../shared/toast/toast-store.ts';

/** POST /api/admin/logout: ends the admin session. */
export function adminLogout(): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/api/admin/logout', { method: 'POST' });
}

/** Logs out and toasts the outcome ('Logged out', or 'Failed to logout' with the reason). */
export function useAdminLogout(options: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: adminLogout,
    onSuccess: () => {
      toast({ title: 'Logged out', description: 'You have been logged out of the admin area.' });
      options.onSuccess?.();
    },
    onError: (error) => {
      toast({
        title: 'Failed to logout',
        description: apiErrorMessage(error, 'There was a problem logging out. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

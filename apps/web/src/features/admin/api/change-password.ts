import type { ChangePasswordRequest } from '@samvad/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { ADMIN_LOGS_KEY } from './get-admin-logs.ts';

/** POST /api/admin/change-password. */
export function changePassword(request: ChangePasswordRequest): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/api/admin/change-password', { method: 'POST', body: request });
}

export function useChangePassword(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      // The change is audited: an open Admin Logs tab shows it.
      void queryClient.invalidateQueries({ queryKey: ADMIN_LOGS_KEY });
      options.onSuccess?.();
    },
  });
}

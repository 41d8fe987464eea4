import type { ChangePasswordRequest } from '@samvad/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** POST /api/admin/change-password. */
export function changePassword(request: ChangePasswordRequest): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/api/admin/change-password', { method: 'POST', body: request });
}

export function useChangePassword(options: { onSuccess?: () => void } = {}) {
  return useMutation({ mutationFn: changePassword, onSuccess: options.onSuccess });
}

import type { GlobalLimits } from '@samvad/contracts/admin';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { ADMIN_USERS_KEY } from './get-admin-users.ts';
import { GLOBAL_LIMITS_KEY } from './get-global-limits.ts';

/** PATCH /api/admin/rate-limits/global. */
export function updateGlobalLimits(limits: GlobalLimits): Promise<GlobalLimits> {
  return apiFetch<GlobalLimits>('/api/admin/rate-limits/global', {
    method: 'PATCH',
    body: limits,
  });
}

export function useUpdateGlobalLimits() {
  return useAdminMutation({
    mutationFn: updateGlobalLimits,
    success: () => ({
      title: 'Global limits updated',
      description: 'Users without custom limits now have these limits.',
    }),
    failure: 'Failed to update global rate limits',
    // The Users tab shows each user's effective limits.
    invalidates: [GLOBAL_LIMITS_KEY, ADMIN_USERS_KEY],
  });
}

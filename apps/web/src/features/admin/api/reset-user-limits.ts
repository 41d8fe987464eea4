import { apiFetch } from '../../../shared/api/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { ADMIN_USERS_KEY } from './get-admin-users.ts';
import { USER_LIMITS_KEY } from './get-user-limits.ts';

/** DELETE /api/admin/rate-limits/users/{userId}: back to the global limits. */
export function resetUserLimits({ userId }: { userId: string; label: string }) {
  return apiFetch<{ ok: true }>(`/api/admin/rate-limits/users/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
  });
}

export function useResetUserLimits() {
  return useAdminMutation({
    mutationFn: resetUserLimits,
    success: (_data, { label }) => ({
      title: 'Reset to global defaults',
      description: `${label} now has the global limits.`,
    }),
    failure: 'Failed to reset user rate limits',
    invalidates: [USER_LIMITS_KEY, ADMIN_USERS_KEY],
  });
}

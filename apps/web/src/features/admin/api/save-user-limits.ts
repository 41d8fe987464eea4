import type { UserRateLimit } from '@samvad/contracts/admin';
import { apiFetch } from '../../../shared/api/api-client.ts';
import type { UserLimitSubmission } from '../lib/limit-values.ts';
import { userLabel } from '../lib/user-label.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { ADMIN_USERS_KEY } from './get-admin-users.ts';
import { USER_LIMITS_KEY } from './get-user-limits.ts';

/** POST /api/admin/rate-limits/users/{userIdOrEmail}: creates or replaces custom limits. */
export function saveUserLimits({ userKey, request }: UserLimitSubmission) {
  return apiFetch<{ limit: UserRateLimit }>(
    `/api/admin/rate-limits/users/${encodeURIComponent(userKey)}`,
    { method: 'POST', body: request },
  );
}

export function useSaveUserLimits(options: { onSuccess?: (limit: UserRateLimit) => void } = {}) {
  return useAdminMutation({
    mutationFn: saveUserLimits,
    success: ({ limit }) => ({
      title: 'User limits updated',
      description: `Custom limits saved for ${userLabel({ ...limit, name: limit.userName, email: limit.userEmail })}.`,
    }),
    failure: 'Failed to update user rate limits',
    // A restriction bans the user, so the Users tab changes as well as its limits column.
    invalidates: [USER_LIMITS_KEY, ADMIN_USERS_KEY],
    onSuccess: ({ limit }) => options.onSuccess?.(limit),
  });
}

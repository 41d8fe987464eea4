import type { AdminUser } from '@samvad/contracts/admin';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { userLabel } from '../lib/user-label.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { ADMIN_USERS_KEY } from './get-admin-users.ts';
import { USER_LIMITS_KEY } from './get-user-limits.ts';

export interface BanStatusChange {
  id: string;
  banned: boolean;
  banReason: string | null;
}

/** PATCH /api/admin/users/{id}/ban-status. */
export function updateBanStatus({ id, banned, banReason }: BanStatusChange) {
  return apiFetch<{ user: Pick<AdminUser, 'id' | 'name' | 'email' | 'username' | 'banned'> }>(
    `/api/admin/users/${encodeURIComponent(id)}/ban-status`,
    { method: 'PATCH', body: { banned, banReason } },
  );
}

/** Ban User / Unban User. */
export function useUpdateBanStatus(options: { onSuccess?: () => void } = {}) {
  return useAdminMutation({
    mutationFn: updateBanStatus,
    success: ({ user }, { banned }) => ({
      title: 'Ban status updated',
      description: `${userLabel(user)} is ${banned ? 'banned' : 'no longer banned'}.`,
    }),
    failure: 'Failed to update user ban status',
    // A restriction shows in the Rate Limits table too.
    invalidates: [ADMIN_USERS_KEY, USER_LIMITS_KEY],
    onSuccess: options.onSuccess,
  });
}

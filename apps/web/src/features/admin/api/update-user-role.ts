import type { AdminUser, RoleRequest } from '@samvad/contracts/admin';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { userLabel } from '../lib/user-label.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { ADMIN_USERS_KEY } from './get-admin-users.ts';

/** PATCH /api/admin/users/{id}/role. */
export function updateUserRole({ id, role }: { id: string } & RoleRequest) {
  return apiFetch<{ user: AdminUser }>(`/api/admin/users/${encodeURIComponent(id)}/role`, {
    method: 'PATCH',
    body: { role },
  });
}

/** Make Admin / Remove Admin. */
export function useUpdateUserRole() {
  return useAdminMutation({
    mutationFn: updateUserRole,
    success: ({ user }) => ({
      title: 'Role updated',
      description: `${userLabel(user)} is now ${user.role === 'admin' ? 'an admin' : 'a user'}.`,
    }),
    failure: 'Failed to update user role',
    invalidates: [ADMIN_USERS_KEY],
  });
}

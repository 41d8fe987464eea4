import type { AdminAction } from '@samvad/contracts/admin';

// Kept equal to `adminActions` in @samvad/contracts/admin (a test checks): importing the value
// would pull zod into the dashboard's code.
export const ADMIN_ACTIONS = [
  'login',
  'login_failed',
  'logout',
  'change_password',
  'update_role',
  'ban_user',
  'unban_user',
  'update_global_limits',
  'update_user_limits',
  'reset_user_limits',
  'upload_document',
  'remove_document',
] as const satisfies readonly AdminAction[];

/** How the Admin Logs tab names each action (the CSV export keeps the codes). */
export const ACTION_LABELS: Record<AdminAction, string> = {
  login: 'Login',
  login_failed: 'Failed login',
  logout: 'Logout',
  change_password: 'Password change',
  update_role: 'Role change',
  ban_user: 'Ban',
  unban_user: 'Unban',
  update_global_limits: 'Global limits set',
  update_user_limits: 'User limits set',
  reset_user_limits: 'User limits reset',
  upload_document: 'Document upload',
  remove_document: 'Document removal',
};

export function isAdminAction(value: string | null | undefined): value is AdminAction {
  return (ADMIN_ACTIONS as readonly string[]).includes(value ?? '');
}

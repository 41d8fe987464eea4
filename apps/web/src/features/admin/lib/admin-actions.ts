import { type AdminAction, adminActions } from '@samvad/contracts/admin-rules';

export const ADMIN_ACTIONS = adminActions;

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
  update_document_details: 'Document details set',
  resolve_rating: 'Rating resolved',
  reopen_rating: 'Rating reopened',
  upload_question_set: 'Question set uploaded',
  add_quality_question: 'Question added to the set',
  start_quality_run: 'Question set run',
};

export function isAdminAction(value: string | null | undefined): value is AdminAction {
  return (ADMIN_ACTIONS as readonly string[]).includes(value ?? '');
}

// Plain values of the admin dashboard (no zod), usable by the browser without the schema library.

/** Every action the audit log records. */
export const adminActions = [
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
  // Issue #29: a document's title, author, volume or year set in the Knowledge Base tab.
  'update_document_details',
  // Issue #31: a rated answer in the Quality tab's review queue marked resolved, or reopened.
  'resolve_rating',
  'reopen_rating',
  // Issue #31: the deployment's question set replaced, sharpened from the queue, or run.
  'upload_question_set',
  'add_quality_question',
  'start_quality_run',
] as const;
export type AdminAction = (typeof adminActions)[number];

/** How the dashboard names a user: name, else email, else username, else the id. */
export function userLabel(user: {
  id?: string;
  userId?: string;
  name?: string | null;
  email?: string | null;
  username?: string | null;
}): string {
  return (
    user.name?.trim() ||
    user.email?.trim() ||
    user.username?.trim() ||
    user.id ||
    user.userId ||
    'Unknown user'
  );
}

/**
 * Who acted, in the Admin Logs: their email, else their login name labelled as such (the
 * bootstrap admin has no email), so a name is never read as an address.
 */
export function adminLabel(log: {
  adminEmail: string | null;
  adminUsername?: string | null;
}): string {
  if (log.adminEmail) return log.adminEmail;
  return log.adminUsername ? `${log.adminUsername} (username)` : '—';
}

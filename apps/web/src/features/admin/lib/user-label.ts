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

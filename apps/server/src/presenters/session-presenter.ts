import type { SessionResponse, SessionUser } from '@samvad/contracts/auth';
import type { UserRow } from '../db/schema.ts';
import type { Viewer } from '../services/session-service.ts';

const DEFAULT_BAN_MESSAGE = 'Your account has been banned by an administrator.';

export function presentSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    image: user.image,
    role: user.role,
    banned: user.banned,
    isBanned: user.banned,
    banReason: user.banReason,
  };
}

export function presentSession(viewer: Viewer): SessionResponse {
  if (!viewer.user) return { user: null, banned: false };
  const user = presentSessionUser(viewer.user);
  if (!user.banned) return { user, banned: false };
  return {
    user,
    banned: true,
    banReason: user.banReason,
    message: user.banReason ?? DEFAULT_BAN_MESSAGE,
  };
}

import { createHash } from 'node:crypto';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { findActiveSession } from '../repositories/session-repository.ts';

export const SESSION_COOKIE = '__Host-samvad_session';

/** Who is calling: a visitor (no user) or a signed-in user, banned or not. */
export type Viewer = { user: UserRow | null };

export const visitor: Viewer = { user: null };

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Resolves the session cookie to a viewer; an unknown or expired token is a visitor. */
export async function resolveViewer(db: Database, token: string | undefined): Promise<Viewer> {
  // Tokens are 32 random bytes in base64url; anything else cannot match and costs no query.
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return visitor;
  const found = await findActiveSession(db, hashSessionToken(token), new Date());
  return found ? { user: found.user } : visitor;
}

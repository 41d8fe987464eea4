import { communityText } from '@samvad/contracts/community-rules';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import type { ProfileRow, UserRow } from '../db/schema.ts';
import { findProfileByUserId } from '../repositories/profile-repository.ts';
import { isBanned } from '../services/session-service.ts';
import { AppError, BannedError } from './app-error.ts';

export type CommunityMember = { user: UserRow; profile: ProfileRow };

/** A signed-in member who is not banned (401 "Authentication required", 403 banned). */
export function requireCommunityUser(request: FastifyRequest, now: Date): UserRow {
  const { user } = request.viewer;
  if (!user) throw new AppError('unauthorized', communityText.authenticationRequired);
  if (isBanned(user, now)) throw new BannedError(user);
  return user;
}

/** Every community write: signed in, not banned, and with a profile (403 otherwise). */
export async function requireCommunityMember(
  db: Database,
  request: FastifyRequest,
  now: Date,
): Promise<CommunityMember> {
  const user = requireCommunityUser(request, now);
  const profile = await findProfileByUserId(db, user.id);
  if (!profile) throw new AppError('forbidden', communityText.profileRequired);
  return { user, profile };
}

import type {
  createProfileRequestSchema,
  Profile,
  ProfilePage,
  updateProfileRequestSchema,
} from '@samvad/contracts/community';
import {
  communityText,
  RESERVED_USERNAMES,
  usernameProblem,
} from '@samvad/contracts/community-rules';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { ProfileRow, UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { decodeCursor, encodeCursor } from '../http/cursor.ts';
import { presentProfile } from '../presenters/community-presenter.ts';
import { setFollow } from '../repositories/interaction-repository.ts';
import {
  adjustProfileCount,
  findProfileByUserId,
  findProfileByUsername,
  followedAmong,
  followPage,
  insertProfile,
  suggestedProfiles,
  updateProfile,
} from '../repositories/profile-repository.ts';
import { takeHourlyUnit } from './community-post-service.ts';
import { randomId } from './conversation-service.ts';

/** Profiles as the viewer sees them: with whether they follow each. */
export async function presentProfiles(
  db: Database,
  rows: ProfileRow[],
  viewerId: string | null,
): Promise<Profile[]> {
  const followed = viewerId
    ? await followedAmong(
        db,
        viewerId,
        rows.map((row) => row.userId),
      )
    : new Set<string>();
  return rows.map((row) =>
    presentProfile(row, { userId: viewerId, follows: followed.has(row.userId) }),
  );
}

async function presentOne(db: Database, row: ProfileRow, viewerId: string | null) {
  const [profile] = await presentProfiles(db, [row], viewerId);
  if (!profile) throw new Error('presentProfiles dropped a profile');
  return profile;
}

export async function profileByUsername(db: Database, username: string, viewerId: string | null) {
  const row = await findProfileByUsername(db, username);
  if (!row) throw new AppError('not_found', `No profile has the username ${username}`);
  return presentOne(db, row, viewerId);
}

export async function profileOfUser(db: Database, userId: string, viewerId: string | null) {
  const row = await findProfileByUserId(db, userId);
  if (!row) throw new AppError('not_found', `No profile belongs to the user ${userId}`);
  return presentOne(db, row, viewerId);
}

export async function myProfile(db: Database, viewerId: string | null): Promise<Profile | null> {
  if (!viewerId) return null;
  const row = await findProfileByUserId(db, viewerId);
  return row ? presentOne(db, row, viewerId) : null;
}

/** The spec's availability check: the rules first, then whether anyone has it. */
export async function usernameAvailability(db: Database, username: string) {
  const problem = usernameProblem(username);
  if (problem) return { available: false, message: problem };
  const taken = await usernameTaken(db, username.trim());
  return taken
    ? { available: false, message: communityText.usernameTaken }
    : { available: true, message: null };
}

async function usernameTaken(db: Database, username: string): Promise<boolean> {
  const reserved: readonly string[] = RESERVED_USERNAMES;
  return (
    reserved.includes(username.toLowerCase()) || Boolean(await findProfileByUsername(db, username))
  );
}

/** One profile per member; the display name defaults to the username; an empty bio is null. */
export async function createProfile(
  db: Database,
  user: UserRow,
  input: z.output<typeof createProfileRequestSchema>,
  now: Date,
): Promise<Profile> {
  if (await findProfileByUserId(db, user.id)) {
    throw new AppError('conflict', 'You already have a community profile.');
  }
  if (await usernameTaken(db, input.username)) {
    throw new AppError('conflict', communityText.usernameTaken);
  }
  const row = await insertProfile(db, {
    id: randomId(),
    userId: user.id,
    username: input.username,
    displayName: input.displayName?.trim() || input.username,
    bio: input.bio?.trim() || null,
    profileImage: user.image,
    createdAt: now,
    updatedAt: now,
  });
  // The insert did nothing: a concurrent request made the profile, or the name was taken.
  if (!row) {
    if (await findProfileByUserId(db, user.id)) {
      throw new AppError('conflict', 'You already have a community profile.');
    }
    throw new AppError('conflict', communityText.usernameTaken);
  }
  return presentOne(db, row, user.id);
}

/**
 * Edits the caller's profile. A new username spends one of the member's hourly renames (each
 * breaks links to the old name and frees it for someone else); a refused or taken name costs
 * nothing, as the unit and the update are one transaction.
 */
export async function updateMyProfile(
  db: Database,
  profile: ProfileRow,
  input: z.output<typeof updateProfileRequestSchema>,
  options: { usernameChangesPerHour: number; now: Date },
): Promise<Profile> {
  const { now } = options;
  const renaming = input.username !== undefined && input.username !== profile.username;
  if (input.username && input.username.toLowerCase() !== profile.username.toLowerCase()) {
    if (await usernameTaken(db, input.username))
      throw new AppError('conflict', communityText.usernameTaken);
  }
  const username = input.username ?? profile.username;
  try {
    const row = await db.transaction(async (tx) => {
      if (renaming) {
        await takeHourlyUnit(tx, profile.userId, 'username', options.usernameChangesPerHour, now);
      }
      return updateProfile(
        tx,
        profile.userId,
        {
          username,
          ...(input.displayName !== undefined
            ? { displayName: input.displayName?.trim() || username }
            : {}),
          ...(input.bio !== undefined ? { bio: input.bio?.trim() || null } : {}),
        },
        now,
      );
    });
    return presentOne(db, row, profile.userId);
  } catch (error) {
    // A concurrent rename took the name between the check and the update (unique index).
    if (String((error as { cause?: { code?: string } })?.cause?.code) === '23505') {
      throw new AppError('conflict', communityText.usernameTaken, { cause: error });
    }
    throw error;
  }
}

export async function suggested(db: Database, viewerId: string | null, limit: number) {
  return presentProfiles(db, await suggestedProfiles(db, viewerId, limit), viewerId);
}

const followPosition = z.object({ at: z.iso.datetime(), userId: z.string().max(64) });

export async function followList(
  db: Database,
  userId: string,
  direction: 'followers' | 'following',
  query: { cursor?: string | undefined; limit: number },
  viewerId: string | null,
): Promise<ProfilePage> {
  const after = decodeCursor(query.cursor, followPosition);
  const rows = await followPage(db, userId, direction, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    profiles: await presentProfiles(
      db,
      page.map((row) => row.profile),
      viewerId,
    ),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ at: last.at.toISOString(), userId: last.profile.userId })
        : null,
  };
}

/**
 * Follow or unfollow, idempotently; both profiles' counts move only when a row really changed,
 * in the same transaction. Following yourself is a 400; follows are limited per hour.
 */
export async function setFollowing(
  db: Database,
  follower: UserRow,
  followeeId: string,
  on: boolean,
  options: { followsPerHour: number; now: Date },
): Promise<{ following: boolean; followerCount: number }> {
  if (followeeId === follower.id) {
    throw new AppError('validation_failed', communityText.cannotFollowSelf);
  }
  const followee = await findProfileByUserId(db, followeeId);
  if (!followee) throw new AppError('not_found', `No profile belongs to the user ${followeeId}`);
  return db.transaction(async (tx) => {
    if (on) await takeHourlyUnit(tx, follower.id, 'follow', options.followsPerHour, options.now);
    const changed = await setFollow(tx, follower.id, followeeId, on, options.now);
    const delta = on ? 1 : -1;
    const followerCount = changed
      ? await adjustProfileCount(tx, followeeId, 'followerCount', delta)
      : followee.followerCount;
    if (changed) await adjustProfileCount(tx, follower.id, 'followingCount', delta);
    return { following: on, followerCount };
  });
}

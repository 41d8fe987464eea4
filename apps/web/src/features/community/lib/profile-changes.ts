import type { Profile, UpdateProfileRequest } from '@samvad/contracts/community';

export type ProfileFormValues = { username: string; displayName: string; bio: string };

/**
 * Only what changed, as PATCH /api/community/profiles/me wants it: an emptied display name
 * goes back to the username (spec §5), an emptied bio becomes null.
 */
export function profileChanges(before: Profile, values: ProfileFormValues): UpdateProfileRequest {
  const changes: UpdateProfileRequest = {};
  if (values.username !== before.username) changes.username = values.username;
  const displayName = values.displayName || values.username;
  if (displayName !== before.displayName) changes.displayName = values.displayName || null;
  const bio = values.bio || null;
  if (bio !== before.bio) changes.bio = bio;
  return changes;
}

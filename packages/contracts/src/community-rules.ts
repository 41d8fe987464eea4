// Plain values and checks of the community area (no zod), shared by the browser and the server.

/** Posts and comments: at most this many characters, counted in Unicode code points. */
export const POST_MAX_LENGTH = 500;
export const COMMENT_MAX_LENGTH = 500;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const DISPLAY_NAME_MAX_LENGTH = 60;
export const BIO_MAX_LENGTH = 300;
export const COLLECTION_TITLE_MAX_LENGTH = 80;
export const COLLECTION_DESCRIPTION_MAX_LENGTH = 300;
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Path words under /api/community/profiles/: never anyone's username. */
export const RESERVED_USERNAMES = ['me', 'suggested'] as const;

/**
 * Abuse limits per member and hour (COMMUNITY_POSTS_PER_HOUR, _FOLLOWS_PER_HOUR,
 * _LIKES_PER_HOUR and _USERNAME_CHANGES_PER_HOUR override). Likes and reposts share one budget,
 * spent by every "on" (so like/unlike loops are bounded); a username change is rare, and each
 * one breaks links to the old name.
 */
export const DEFAULT_POSTS_PER_HOUR = 30;
export const DEFAULT_FOLLOWS_PER_HOUR = 200;
export const DEFAULT_LIKES_PER_HOUR = 300;
export const DEFAULT_USERNAME_CHANGES_PER_HOUR = 3;

/** The spec's messages (admin-community §5 and §8). */
export const communityText = {
  usernameRequired: 'Username is required',
  usernameTooShort: `Username must be at least ${USERNAME_MIN_LENGTH} characters long`,
  usernameTooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters long`,
  usernameCharacters: 'Username can only contain letters, numbers, underscores, and hyphens',
  usernameTaken: 'This username is already taken',
  postEmpty: 'Please enter some content for your post',
  postTooLong: `Posts can be at most ${POST_MAX_LENGTH} characters`,
  commentEmpty: 'Please enter a comment',
  commentTooLong: `Comments can be at most ${COMMENT_MAX_LENGTH} characters`,
  authenticationRequired: 'Authentication required',
  profileRequired: 'Create a community profile first',
  actionFailed: 'Action failed',
  loadFailed: 'Failed to load community content. Please try again.',
  profileLoadFailed: 'Failed to load profile information.',
  postFailed: 'Failed to create post. Please try again.',
  profileFailed: 'Failed to create profile. Please try again.',
  cannotFollowSelf: 'You cannot follow yourself',
} as const;

/** Characters as people count them for the limit: code points, so an emoji counts as one. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** The first problem with a username, or null when it is valid. */
export function usernameProblem(username: string): string | null {
  const value = username.trim();
  if (value.length === 0) return communityText.usernameRequired;
  if (value.length < USERNAME_MIN_LENGTH) return communityText.usernameTooShort;
  if (value.length > USERNAME_MAX_LENGTH) return communityText.usernameTooLong;
  if (!USERNAME_PATTERN.test(value)) return communityText.usernameCharacters;
  return null;
}

/** The first problem with a post's text, or null when it may be posted. */
export function postProblem(content: string): string | null {
  if (content.trim().length === 0) return communityText.postEmpty;
  if (codePointLength(content) > POST_MAX_LENGTH) return communityText.postTooLong;
  return null;
}

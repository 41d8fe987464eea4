import { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_TITLE_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  codePointLength,
  communityText,
  DISPLAY_NAME_MAX_LENGTH,
  POST_MAX_LENGTH,
  usernameProblem,
} from './community-rules.ts';
import { sourceSpeakerSchema } from './sources.ts';
import {
  BIDI_CONTROL_MESSAGE,
  hasBidiControls,
  isStorableText,
  STORABLE_TEXT_MESSAGE,
} from './storable-text.ts';

/** An opaque cursor: pass `nextCursor` back to get the next page. */
export const cursorQuerySchema = z.object({
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const usernameSchema = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const problem = usernameProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** A member as shown beside their posts. */
export const postAuthorSchema = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  profileImage: z.string().nullable(),
});
export type PostAuthor = z.infer<typeof postAuthorSchema>;

/**
 * A name other members see (display names, collection titles, a quote's file name): storable,
 * and without text-direction controls, which make a name read as something it is not.
 */
const visibleName = <Schema extends z.ZodString>(schema: Schema) =>
  schema
    .refine(isStorableText, STORABLE_TEXT_MESSAGE)
    .refine((value) => !hasBidiControls(value), BIDI_CONTROL_MESSAGE);

/** Where a quote posted from a chat answer came from. */
export const quoteSourceSchema = z.object({
  fileName: visibleName(z.string().min(1).max(300)),
  /** The work's title, shown instead of the file name (issue #29); absent in older posts. */
  title: visibleName(z.string().min(1).max(300)).nullable().optional(),
  page: z.number().int().min(0).max(1_000_000).nullable(),
  pageLabel: z.string().max(40).refine(isStorableText, STORABLE_TEXT_MESSAGE).nullable().optional(),
  /** A link into the app's own documents (`/api/documents/…`); anything else is refused. */
  link: z
    .string()
    .max(500)
    .regex(/^\/api\/documents\/[\w-]+\/file(#page=\d+)?$/, 'A source link must point to a document')
    .nullable()
    .optional(),
  /**
   * Whose words the quote is when they are not the reformer's (the chat source's `speaker`):
   * absent or null for his own words and for posts made before speakers were known.
   */
  speaker: sourceSpeakerSchema.nullable().optional(),
});
export type QuoteSource = z.infer<typeof quoteSourceSchema>;

/** Spec §3 "Community post", plus the quote's source and the feed's repost attribution. */
export const postSchema = z.object({
  id: z.string(),
  content: z.string(),
  isQuote: z.boolean(),
  quoteSource: quoteSourceSchema.nullable(),
  createdAt: z.string(),
  user: postAuthorSchema,
  liked: z.boolean(),
  reposted: z.boolean(),
  likeCount: z.number().int(),
  repostCount: z.number().int(),
  commentCount: z.number().int(),
  /** In a feed: who reposted it, when that is why it is shown; otherwise null. */
  repostedBy: z.object({ username: z.string(), displayName: z.string() }).nullable(),
  /** Unique per feed entry (a post can appear once as posted and again as reposted). */
  feedKey: z.string(),
});
export type Post = z.infer<typeof postSchema>;

export const postPageSchema = z.object({
  posts: z.array(postSchema),
  nextCursor: z.string().nullable(),
});
export type PostPage = z.infer<typeof postPageSchema>;

const contentSchema = (max: number, empty: string, tooLong: string) =>
  z
    .string()
    .refine((value) => value.trim().length > 0, empty)
    .refine((value) => codePointLength(value) <= max, tooLong)
    .refine(isStorableText, STORABLE_TEXT_MESSAGE);

/** POST /api/community/posts. */
export const createPostRequestSchema = z.object({
  content: contentSchema(POST_MAX_LENGTH, communityText.postEmpty, communityText.postTooLong),
  isQuote: z.boolean().default(false),
  quoteSource: quoteSourceSchema.nullable().optional(),
});
export type CreatePostRequest = z.input<typeof createPostRequestSchema>;

/** GET /api/community/posts: everyone's newest first, one member's (`userId`), or trending. */
export const postListQuerySchema = cursorQuerySchema.extend({
  userId: z.string().trim().min(1).max(64).optional(),
  sort: z.enum(['recent', 'trending']).default('recent'),
});

/** Like and repost toggles answer with the post's new state. */
export const postToggleResponseSchema = z.object({
  liked: z.boolean(),
  reposted: z.boolean(),
  likeCount: z.number().int(),
  repostCount: z.number().int(),
});
export type PostToggleResponse = z.infer<typeof postToggleResponseSchema>;

// --- Profiles ----------------------------------------------------------------------------

/** Spec §3 "Community profile", with its counts and the viewer's relation to it. */
export const profileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  bio: z.string().nullable(),
  profileImage: z.string().nullable(),
  postCount: z.number().int(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  /** The viewer follows this profile (false when signed out). */
  isFollowing: z.boolean(),
  isMe: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ profile: profileSchema });
export const myProfileResponseSchema = z.object({ profile: profileSchema.nullable() });
export const profilePageSchema = z.object({
  profiles: z.array(profileSchema),
  nextCursor: z.string().nullable(),
});
export type ProfilePage = z.infer<typeof profilePageSchema>;
export const availabilityResponseSchema = z.object({
  available: z.boolean(),
  /** Why not, when not: the username rules or "already taken". */
  message: z.string().nullable(),
});

const displayNameSchema = visibleName(z.string().trim().max(DISPLAY_NAME_MAX_LENGTH));
const bioSchema = z
  .string()
  .trim()
  .max(BIO_MAX_LENGTH)
  .refine(isStorableText, STORABLE_TEXT_MESSAGE);

/** POST /api/community/profiles: the display name defaults to the username; an empty bio is null. */
export const createProfileRequestSchema = z.object({
  username: usernameSchema,
  displayName: displayNameSchema.nullable().optional(),
  bio: bioSchema.nullable().optional(),
});
export type CreateProfileRequest = z.input<typeof createProfileRequestSchema>;

/** PATCH /api/community/profiles/me. */
export const updateProfileRequestSchema = z
  .object({
    username: usernameSchema,
    displayName: displayNameSchema.nullable(),
    bio: bioSchema.nullable(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Send at least one field to change');
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

// --- Follows -----------------------------------------------------------------------------

export const followResponseSchema = z.object({
  following: z.boolean(),
  followerCount: z.number().int(),
});

// --- Comments ----------------------------------------------------------------------------

export const commentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  user: postAuthorSchema,
});
export type Comment = z.infer<typeof commentSchema>;
export const commentPageSchema = z.object({
  comments: z.array(commentSchema),
  nextCursor: z.string().nullable(),
});
export const createCommentRequestSchema = z.object({
  content: contentSchema(
    COMMENT_MAX_LENGTH,
    communityText.commentEmpty,
    communityText.commentTooLong,
  ),
});

// --- Quote collections -------------------------------------------------------------------

/** Spec §3 "Quote collection", with its owner and visibility. */
export const collectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  quoteCount: z.number().int(),
  isPublic: z.boolean(),
  owner: postAuthorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionListResponseSchema = z.object({ collections: z.array(collectionSchema) });
export const collectionResponseSchema = z.object({ collection: collectionSchema });
/** GET /api/community/quote-collections/{id}: the collection and a page of its quotes. */
export const collectionDetailResponseSchema = z.object({
  collection: collectionSchema,
  quotes: z.array(postSchema),
  nextCursor: z.string().nullable(),
});

const collectionFields = {
  title: visibleName(
    z
      .string()
      .trim()
      .min(1, 'A collection needs a title')
      .max(
        COLLECTION_TITLE_MAX_LENGTH,
        `Titles can be at most ${COLLECTION_TITLE_MAX_LENGTH} characters`,
      ),
  ),
  description: z
    .string()
    .trim()
    .max(COLLECTION_DESCRIPTION_MAX_LENGTH)
    .refine(isStorableText, STORABLE_TEXT_MESSAGE)
    .nullable()
    .optional(),
  isPublic: z.boolean(),
};
export const createCollectionRequestSchema = z.object({
  ...collectionFields,
  isPublic: collectionFields.isPublic.default(true),
});
export type CreateCollectionRequest = z.input<typeof createCollectionRequestSchema>;
export const updateCollectionRequestSchema = z
  .object(collectionFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Send at least one field to change');
export type UpdateCollectionRequest = z.input<typeof updateCollectionRequestSchema>;

/** GET /api/community/quote-collections/{id}/quotes/{postId}: is the quote in it? */
export const collectionQuoteStateSchema = z.object({ saved: z.boolean() });

// --- Explore -----------------------------------------------------------------------------

/** GET /api/community/search?q=: posts and profiles matching the words. */
export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for').max(200),
});
export const searchResponseSchema = z.object({
  posts: z.array(postSchema),
  profiles: z.array(profileSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

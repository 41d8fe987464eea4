import type { Collection, Comment, Post, PostAuthor, Profile } from '@samvad/contracts/community';
import type { CommentRow, ProfileRow } from '../db/schema.ts';
import type { CollectionWithOwner } from '../repositories/collection-repository.ts';
import type { HydratedPost } from '../repositories/post-repository.ts';

export function presentAuthor(profile: ProfileRow): PostAuthor {
  return {
    userId: profile.userId,
    username: profile.username,
    displayName: profile.displayName,
    profileImage: profile.profileImage,
  };
}

export function presentPost(
  { post, author, liked, reposted }: HydratedPost,
  entry: { key: string; repostedBy: ProfileRow | null } = { key: `p:${post.id}`, repostedBy: null },
): Post {
  return {
    id: post.id,
    content: post.content,
    isQuote: post.isQuote,
    quoteSource: post.quoteSource
      ? {
          fileName: post.quoteSource.fileName,
          title: post.quoteSource.title ?? null,
          page: post.quoteSource.page,
          pageLabel: post.quoteSource.pageLabel ?? null,
          link: post.quoteSource.link ?? null,
          speaker: post.quoteSource.speaker ?? null,
        }
      : null,
    createdAt: post.createdAt.toISOString(),
    user: presentAuthor(author),
    liked,
    reposted,
    likeCount: post.likeCount,
    repostCount: post.repostCount,
    commentCount: post.commentCount,
    repostedBy: entry.repostedBy
      ? { username: entry.repostedBy.username, displayName: entry.repostedBy.displayName }
      : null,
    feedKey: entry.key,
  };
}

export function presentProfile(
  profile: ProfileRow,
  viewer: { userId: string | null; follows: boolean },
): Profile {
  return {
    id: profile.id,
    userId: profile.userId,
    username: profile.username,
    displayName: profile.displayName,
    bio: profile.bio,
    profileImage: profile.profileImage,
    postCount: profile.postCount,
    followerCount: profile.followerCount,
    followingCount: profile.followingCount,
    isFollowing: viewer.follows,
    isMe: viewer.userId === profile.userId,
    createdAt: profile.createdAt.toISOString(),
  };
}

export function presentComment(comment: CommentRow, author: ProfileRow): Comment {
  return {
    id: String(comment.id),
    postId: comment.postId,
    content: comment.content,
    createdAt: comment.createdAt.toISOString(),
    user: presentAuthor(author),
  };
}

export function presentCollection(row: CollectionWithOwner): Collection {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    quoteCount: row.quoteCount,
    isPublic: row.isPublic,
    owner: presentAuthor(row.owner),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

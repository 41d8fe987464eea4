import type { Comment, Post } from '@samvad/contracts/community';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useDeleteComment } from '../api/delete-comment.ts';
import { useComments } from '../api/get-comments.ts';
import { communityPaths } from '../lib/community-paths.ts';
import { fullTime, relativeTime } from '../lib/relative-time.ts';
import { CommentComposer } from './comment-composer.tsx';
import { useCommunity } from './community-context.tsx';
import { LinkedText } from './linked-text.tsx';
import { LoadMore } from './load-more.tsx';
import { ProfileAvatar } from './profile-avatar.tsx';

/**
 * A post's comments, oldest first, flat (no replies to replies), with a box to add one.
 * Replaces the spec's "coming soon" notice.
 */
export function CommentsPanel({ id, post }: { id: string; post: Post }) {
  const { viewer, me, signIn } = useCommunity();
  const comments = useComments(post.id, true);
  const list = comments.data?.pages.flatMap((page) => page.comments) ?? [];

  return (
    <section
      id={id}
      aria-label={`Comments on the post by ${post.user.displayName}`}
      className="mt-1 mb-2 grid grid-cols-1 gap-3 border-t border-border pt-3"
    >
      {comments.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading comments…
        </p>
      ) : comments.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The comments could not be loaded.{' '}
          <button
            type="button"
            onClick={() => void comments.refetch()}
            className="cursor-pointer font-medium underline underline-offset-2"
          >
            Try again
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet. Start the conversation.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {list.map((comment) => (
            <CommentItem key={comment.id} comment={comment} postId={post.id} />
          ))}
        </ul>
      )}
      <LoadMore
        hasNextPage={comments.hasNextPage}
        isFetchingNextPage={comments.isFetchingNextPage}
        fetchNextPage={() => void comments.fetchNextPage()}
        label="Load more comments"
        auto={false}
      />
      {viewer.status === 'signed-out' ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <span>Sign in to comment.</span>
          {signIn}
        </div>
      ) : me === null ? (
        <p className="text-sm text-muted-foreground">
          <Link to={communityPaths.createProfile} className="font-medium text-primary underline">
            Create a profile
          </Link>{' '}
          to comment.
        </p>
      ) : (
        me && <CommentComposer postId={post.id} />
      )}
    </section>
  );
}

function CommentItem({ comment, postId }: { comment: Comment; postId: string }) {
  const { viewer } = useCommunity();
  const deletion = useDeleteComment(postId);
  const canDelete =
    viewer.status === 'signed-in' && (viewer.userId === comment.user.userId || viewer.isAdmin);
  const profilePath = communityPaths.profile(comment.user.username);

  return (
    <li className="flex gap-2.5">
      <ProfileAvatar person={comment.user} size="sm" />
      <div className="min-w-0 flex-1 rounded-xl bg-muted/60 px-3 py-2">
        <div className="flex items-baseline gap-1.5 text-xs">
          <Link to={profilePath} className="truncate font-semibold text-foreground hover:underline">
            {comment.user.displayName}
          </Link>
          <span className="truncate text-muted-foreground">@{comment.user.username}</span>
          <time
            dateTime={comment.createdAt}
            title={fullTime(comment.createdAt)}
            className="shrink-0 text-muted-foreground"
          >
            · {relativeTime(comment.createdAt)}
          </time>
          {canDelete && (
            <button
              type="button"
              disabled={deletion.isPending}
              onClick={() => deletion.mutate(comment.id)}
              aria-label={`Delete comment by ${comment.user.displayName}`}
              className="ml-auto -mr-1 grid size-7 shrink-0 cursor-pointer place-items-center rounded-full text-muted-foreground hover:bg-secondary hover:text-destructive disabled:opacity-50"
            >
              <Trash2 aria-hidden className="size-3.5" />
            </button>
          )}
        </div>
        <p className="mt-0.5 text-sm leading-relaxed break-words whitespace-pre-wrap">
          <LinkedText text={comment.content} />
        </p>
      </div>
    </li>
  );
}

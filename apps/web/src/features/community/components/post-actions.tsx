import type { Post } from '@samvad/contracts/community';
import { Bookmark, Heart, MessageCircle, Repeat2, Trash2 } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import { usePostAction } from '../api/toggle-post-action.ts';
import type { PostAction } from '../lib/post-cache.ts';
import { useCommunity } from './community-context.tsx';
import { DeletePostDialog } from './delete-post-dialog.tsx';
import { SaveQuoteDialog } from './save-quote-dialog.tsx';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

type PostActionsProps = {
  post: Post;
  canDelete: boolean;
  commentsOpen: boolean;
  commentsId: string;
  onToggleComments(): void;
  extraAction?: ReactNode;
};

/**
 * The row under a post: Comment, Repost, Like (toggles with aria-pressed and their counts in
 * their names), Save Quote for quotes, Delete for its author and admins. Signed out, the toggles
 * ask the visitor to sign in instead (spec §5 "Like, repost and follow require sign-in").
 */
export function PostActions({
  post,
  canDelete,
  commentsOpen,
  commentsId,
  onToggleComments,
  extraAction,
}: PostActionsProps) {
  const { requireMember } = useCommunity();
  // One mutation per toggle, so a second click while the first is on its way is ignored.
  const like = usePostAction();
  const repost = usePostAction();
  const [dialog, setDialog] = useState<'save' | 'delete' | null>(null);

  const toggle = (action: PostAction) => {
    const mutation = action === 'like' ? like : repost;
    if (mutation.isPending || !requireMember()) return;
    const on = action === 'like' ? !post.liked : !post.reposted;
    mutation.mutate({ post, action, on });
  };

  return (
    <div className="-ml-2 flex flex-wrap items-center gap-x-1 py-1.5">
      <ActionButton
        aria-expanded={commentsOpen}
        aria-controls={commentsOpen ? commentsId : undefined}
        onClick={onToggleComments}
        icon={<MessageCircle aria-hidden />}
        label="Comment"
        count={post.commentCount}
        countLabel={plural(post.commentCount, 'comment', 'comments')}
      />
      <ActionButton
        aria-pressed={post.reposted}
        onClick={() => toggle('repost')}
        icon={<Repeat2 aria-hidden />}
        label="Repost"
        count={post.repostCount}
        countLabel={plural(post.repostCount, 'repost', 'reposts')}
        className="aria-pressed:text-emerald-700 dark:aria-pressed:text-emerald-400"
      />
      <ActionButton
        aria-pressed={post.liked}
        onClick={() => toggle('like')}
        icon={<Heart aria-hidden className={cn(post.liked && 'fill-current')} />}
        label="Like"
        count={post.likeCount}
        countLabel={plural(post.likeCount, 'like', 'likes')}
        className="aria-pressed:text-rose-700 dark:aria-pressed:text-rose-400"
      />
      {post.isQuote && (
        <ActionButton
          onClick={() => {
            if (requireMember()) setDialog('save');
          }}
          aria-haspopup="dialog"
          icon={<Bookmark aria-hidden />}
          label="Save Quote"
          showLabel
        />
      )}
      <span className="ml-auto flex items-center">
        {extraAction}
        {canDelete && (
          <ActionButton
            onClick={() => setDialog('delete')}
            aria-haspopup="dialog"
            icon={<Trash2 aria-hidden />}
            label="Delete post"
            className="hover:text-destructive"
          />
        )}
      </span>
      {dialog === 'save' && <SaveQuoteDialog post={post} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeletePostDialog postId={post.id} onClose={() => setDialog(null)} />}
    </div>
  );
}

type ActionButtonProps = Omit<ComponentProps<'button'>, 'children'> & {
  icon: ReactNode;
  label: string;
  /** Shown beside the icon and read with the label ("Like, 3 likes"). */
  count?: number;
  countLabel?: string;
  /** The label beside the icon, not only for screen readers. */
  showLabel?: boolean;
};

function ActionButton({
  icon,
  label,
  count,
  countLabel,
  showLabel = false,
  className,
  ...props
}: ActionButtonProps) {
  return (
    <button
      type="button"
      className={cn(
        'inline-flex h-9 min-w-9 cursor-pointer items-center justify-center gap-1.5 rounded-full px-2 text-[0.8125rem] text-muted-foreground tabular-nums transition-colors hover:bg-secondary hover:text-foreground [&_svg]:size-[1.0625rem] [&_svg]:shrink-0',
        className,
      )}
      {...props}
    >
      {icon}
      <span className={cn(!showLabel && 'sr-only')}>
        {label}
        {count !== undefined && ', '}
      </span>
      {count !== undefined && (
        // Polite: a count changing under the focused button is read out.
        <span aria-live="polite">
          {count}
          <span className="sr-only"> {countLabel}</span>
        </span>
      )}
    </button>
  );
}

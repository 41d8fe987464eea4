import type { Post } from '@samvad/contracts/community';
import { Repeat2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../shared/lib/cn.ts';
import { communityPaths } from '../lib/community-paths.ts';
import { fullTime, relativeTime } from '../lib/relative-time.ts';
import { CommentsPanel } from './comments-panel.tsx';
import { useCommunity } from './community-context.tsx';
import { LinkedText } from './linked-text.tsx';
import { PostActions } from './post-actions.tsx';
import { ProfileAvatar } from './profile-avatar.tsx';
import { QuoteSourceLine } from './quote-source-line.tsx';

/**
 * One post (spec §3 "Community post"): who wrote it and when, its text (a quote as a
 * blockquote with its source), who reposted it into this feed, and its actions. `extraAction`
 * adds one (a collection's "Remove").
 */
export function PostCard({ post, extraAction }: { post: Post; extraAction?: ReactNode }) {
  const { viewer } = useCommunity();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const nameId = useId();
  const commentsId = useId();
  const profilePath = communityPaths.profile(post.user.username);
  const canDelete =
    viewer.status === 'signed-in' && (viewer.userId === post.user.userId || viewer.isAdmin);

  return (
    <article
      aria-labelledby={nameId}
      className="rounded-2xl border border-border bg-card px-4 pt-3.5 pb-2 shadow-xs shadow-black/[0.02] sm:px-5 sm:pt-4"
    >
      {post.repostedBy && (
        <p className="mb-2 flex items-center gap-1.5 pl-1 text-xs font-medium text-muted-foreground">
          <Repeat2 aria-hidden className="size-3.5" />
          Reposted by{' '}
          <Link
            to={communityPaths.profile(post.repostedBy.username)}
            className="hover:text-foreground hover:underline"
          >
            {post.repostedBy.displayName}
          </Link>
        </p>
      )}
      <div className="flex gap-3">
        <Link to={profilePath} tabIndex={-1} aria-hidden className="shrink-0 rounded-full">
          <ProfileAvatar person={post.user} />
        </Link>
        <div className="min-w-0 flex-1">
          <header className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 text-sm leading-tight">
            <Link
              id={nameId}
              to={profilePath}
              className="truncate font-semibold text-foreground hover:underline"
            >
              {post.user.displayName}
            </Link>
            <Link to={profilePath} className="truncate text-muted-foreground hover:underline">
              @{post.user.username}
            </Link>
            <span aria-hidden className="text-muted-foreground">
              ·
            </span>
            <time
              dateTime={post.createdAt}
              title={fullTime(post.createdAt)}
              className="text-muted-foreground"
            >
              <span className="sr-only">{fullTime(post.createdAt)}</span>
              <span aria-hidden>{relativeTime(post.createdAt)}</span>
            </time>
          </header>
          <PostBody post={post} />
          <PostActions
            post={post}
            canDelete={canDelete}
            commentsOpen={commentsOpen}
            commentsId={commentsId}
            onToggleComments={() => setCommentsOpen((open) => !open)}
            extraAction={extraAction}
          />
          {commentsOpen && <CommentsPanel id={commentsId} post={post} />}
        </div>
      </div>
    </article>
  );
}

function PostBody({ post }: { post: Post }) {
  const text = (
    <p
      className={cn(
        'break-words whitespace-pre-wrap',
        post.isQuote && 'font-serif text-[1.0625rem]',
      )}
    >
      <LinkedText text={post.content} />
    </p>
  );
  if (!post.isQuote) return <div className="mt-1.5 text-[0.9375rem] leading-relaxed">{text}</div>;
  return (
    <figure className="mt-2.5 grid grid-cols-1 gap-2">
      <blockquote className="border-l-3 border-accent pl-3.5 leading-relaxed text-foreground">
        {text}
      </blockquote>
      {post.quoteSource && (
        <figcaption className="pl-4">
          <QuoteSourceLine source={post.quoteSource} />
        </figcaption>
      )}
    </figure>
  );
}

import type { Post } from '@samvad/contracts/community';
import { communityText } from '@samvad/contracts/community-rules';
import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { LoadMore } from './load-more.tsx';
import { PostCard } from './post-card.tsx';

export type PagedList = {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
  refetch(): unknown;
};

type PostListProps = {
  posts: Post[];
  query: PagedList;
  /** What an empty list says (spec §2: each tab has an empty state). */
  empty: ReactNode;
  /** The accessible name of the feed. */
  label: string;
  extraAction?(post: Post): ReactNode;
};

/**
 * A paged list of posts: a loading placeholder, a retry on failure, the empty state, then the
 * posts keyed by their feed entry (a post may be there twice: posted, and reposted) and the
 * infinite scroll with its "Load more" button.
 */
export function PostList({ posts, query, empty, label, extraAction }: PostListProps) {
  if (query.isPending) return <PostListSkeleton />;
  if (query.isError && posts.length === 0) {
    return <ListError onRetry={() => void query.refetch()} />;
  }
  if (posts.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <div className="grid grid-cols-1 gap-3">
      <div
        role="feed"
        aria-label={label}
        aria-busy={query.isFetchingNextPage}
        className="grid grid-cols-1 gap-3"
      >
        {posts.map((post) => (
          <PostCard key={post.feedKey} post={post} extraAction={extraAction?.(post)} />
        ))}
      </div>
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={() => void query.fetchNextPage()}
        label="Load more posts"
      />
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-border px-6 py-10 text-center text-sm leading-relaxed text-muted-foreground">
      {children}
    </div>
  );
}

export function ListError({
  onRetry,
  message = communityText.loadFailed,
}: {
  onRetry(): void;
  message?: string;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-border px-6 py-8 text-center text-sm text-muted-foreground"
    >
      <p>{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function PostListSkeleton() {
  return (
    <div role="status" aria-label="Loading posts" className="grid grid-cols-1 gap-3">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-3 rounded-2xl border border-border bg-card p-4">
          <div className="size-10 shrink-0 animate-pulse rounded-full bg-muted" />
          <div className="grid flex-1 gap-2">
            <div className="h-3.5 w-1/3 animate-pulse rounded bg-muted" />
            <div className="h-3.5 w-full animate-pulse rounded bg-muted" />
            <div className="h-3.5 w-2/3 animate-pulse rounded bg-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}

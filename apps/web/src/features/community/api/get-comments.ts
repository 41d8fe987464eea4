import type { Comment } from '@samvad/contracts/community';
import { communityText } from '@samvad/contracts/community-rules';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { communityKeys, PAGE_SIZE, segment, withQuery } from './query-keys.ts';

export type CommentPage = { comments: Comment[]; nextCursor: string | null };

/** GET /api/community/posts/{id}/comments: oldest first, a page at a time. */
export function getComments(postId: string, cursor: string | null, signal?: AbortSignal) {
  return apiFetch<CommentPage>(
    withQuery(`/api/community/posts/${segment(postId)}/comments`, { cursor, limit: PAGE_SIZE }),
    { signal },
  );
}

export const commentsQueryOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.comments(postId),
    queryFn: ({ pageParam, signal }) => getComments(postId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
    meta: { errorToast: { title: communityText.loadFailed } },
  });

/** Only fetched once the comments of a post are opened. */
export function useComments(postId: string, enabled: boolean) {
  return useInfiniteQuery({ ...commentsQueryOptions(postId), enabled });
}

import type { Comment } from '@samvad/contracts/community';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { actionFailureToast } from '../lib/action-error.ts';
import { updatePostEverywhere } from './community-cache.ts';
import type { CommentPage } from './get-comments.ts';
import { communityKeys, segment } from './query-keys.ts';

/** POST /api/community/posts/{id}/comments. */
export async function createComment(postId: string, content: string): Promise<Comment> {
  const { comment } = await apiFetch<{ comment: Comment }>(
    `/api/community/posts/${segment(postId)}/comments`,
    { method: 'POST', body: { content } },
  );
  return comment;
}

export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => createComment(postId, content),
    onSuccess: (comment) => {
      // Oldest first: the new comment goes last, once the last page is the one on screen.
      queryClient.setQueryData<InfiniteData<CommentPage>>(
        communityKeys.comments(postId),
        (data) => {
          const last = data?.pages.at(-1);
          if (!data || !last || last.nextCursor !== null) return data;
          return {
            ...data,
            pages: [...data.pages.slice(0, -1), { ...last, comments: [...last.comments, comment] }],
          };
        },
      );
      updatePostEverywhere(queryClient, postId, (post) => ({
        ...post,
        commentCount: post.commentCount + 1,
      }));
    },
    onError: (error) => toast(actionFailureToast(error)),
  });
}

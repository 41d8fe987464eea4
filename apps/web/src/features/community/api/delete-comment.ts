import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { actionFailureToast } from '../lib/action-error.ts';
import { updatePostEverywhere } from './community-cache.ts';
import type { CommentPage } from './get-comments.ts';
import { communityKeys, segment } from './query-keys.ts';

/** DELETE /api/community/comments/{id}: the author's own comment, or any for an admin. */
export function deleteComment(commentId: string) {
  return apiFetch<{ ok: true }>(`/api/community/comments/${segment(commentId)}`, {
    method: 'DELETE',
  });
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_ok, commentId) => {
      toast({ title: 'Comment deleted' });
      queryClient.setQueryData<InfiniteData<CommentPage>>(communityKeys.comments(postId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                comments: page.comments.filter((comment) => comment.id !== commentId),
              })),
            }
          : data,
      );
      updatePostEverywhere(queryClient, postId, (post) => ({
        ...post,
        commentCount: Math.max(0, post.commentCount - 1),
      }));
    },
    onError: (error) => toast(actionFailureToast(error)),
  });
}

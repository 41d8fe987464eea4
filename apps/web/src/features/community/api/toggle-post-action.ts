import type { Post, PostToggleResponse } from '@samvad/contracts/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { actionFailureToast } from '../lib/action-error.ts';
import { type PostAction, toggledPost, withToggleState } from '../lib/post-cache.ts';
import { updatePostEverywhere } from './community-cache.ts';

/** POST (on) or DELETE (off) /api/community/posts/{id}/like or /repost. */
export function togglePostAction(postId: string, action: PostAction, on: boolean) {
  return apiFetch<PostToggleResponse>(
    `/api/community/posts/${encodeURIComponent(postId)}/${action}`,
    { method: on ? 'POST' : 'DELETE' },
  );
}

type Variables = { post: Post; action: PostAction; on: boolean };

/**
 * Like and repost, optimistically (spec §4): every copy of the post changes at once, the
 * server's counts replace the guess when it answers, and a refusal puts the post back as it was
 * with an "Action failed" toast.
 */
export function usePostAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, action, on }: Variables) => togglePostAction(post.id, action, on),
    onMutate: ({ post, action, on }: Variables) => {
      updatePostEverywhere(queryClient, post.id, (current) => toggledPost(current, action, on));
      return { before: post };
    },
    onSuccess: (state, { post }) => {
      updatePostEverywhere(queryClient, post.id, (current) => withToggleState(current, state));
    },
    onError: (error, { post }, context) => {
      const before = context?.before ?? post;
      updatePostEverywhere(queryClient, post.id, (current) =>
        withToggleState(current, {
          liked: before.liked,
          likeCount: before.likeCount,
          reposted: before.reposted,
          repostCount: before.repostCount,
        }),
      );
      toast(actionFailureToast(error));
    },
  });
}

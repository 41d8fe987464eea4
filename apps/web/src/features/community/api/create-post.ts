import type { CreatePostRequest, Post, PostPage } from '@samvad/contracts/community';
import { communityText } from '@samvad/contracts/community-rules';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { apiErrorMessage } from '../../../shared/api/error-message.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { COMMUNITY_KEY, communityKeys } from './query-keys.ts';

/** POST /api/community/posts. */
export async function createPost(request: CreatePostRequest): Promise<Post> {
  const { post } = await apiFetch<{ post: Post }>('/api/community/posts', {
    method: 'POST',
    body: request,
  });
  return post;
}

/** Posts, then shows the new post at the top of the feed at once and refreshes the counts. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: async (post) => {
      toast({ title: 'Post created', description: 'Your post is live in the community.' });
      queryClient.setQueryData<InfiniteData<PostPage>>(communityKeys.feed(), (data) => {
        const [first, ...rest] = data?.pages ?? [];
        if (!data || !first) return data;
        return { ...data, pages: [{ ...first, posts: [post, ...first.posts] }, ...rest] };
      });
      const lists = new Set(['feed', 'posts', 'me', 'profile']);
      await queryClient.invalidateQueries({
        queryKey: COMMUNITY_KEY,
        predicate: (query) => lists.has(String(query.queryKey[1])),
      });
    },
    onError: (error) => {
      toast({
        title: communityText.postFailed,
        description: apiErrorMessage(error, 'Check your connection and try again.'),
        variant: 'destructive',
      });
    },
  });
}

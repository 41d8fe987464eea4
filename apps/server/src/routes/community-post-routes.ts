import { okResponseSchema } from '@samvad/contracts/auth';
import {
  commentPageSchema,
  createCommentRequestSchema,
  createPostRequestSchema,
  cursorQuerySchema,
  postListQuerySchema,
  postPageSchema,
  postSchema,
  postToggleResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
} from '@samvad/contracts/community';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { requireCommunityMember, requireCommunityUser } from '../http/community-guard.ts';
import { addComment, listComments, removeComment } from '../services/community-comment-service.ts';
import {
  createPost,
  deletePost,
  feed,
  getPost,
  listPosts,
  setPostMark,
} from '../services/community-post-service.ts';
import { searchCommunity } from '../services/community-search-service.ts';

const postParams = z.object({ id: z.string().min(1).max(64) });
const commentParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** Posts, the feed, likes, reposts, comments and search. Anyone reads; members write. */
export const communityPostRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { database, clock, config },
) => {
  const tags = ['community'];
  const { db } = database;
  const limits = () => ({ postsPerHour: config.community.postsPerHour, now: clock() });

  app.post(
    '/api/community/posts',
    {
      schema: {
        summary: 'Posts a short text or quote (at most 500 characters)',
        tags,
        body: createPostRequestSchema,
        response: { 201: z.object({ post: postSchema }) },
      },
    },
    async (request, reply) => {
      const member = await requireCommunityMember(db, request, clock());
      const post = await createPost(db, member, request.body, limits());
      return reply.code(201).send({ post });
    },
  );

  app.get(
    '/api/community/posts',
    {
      schema: {
        summary: "Everyone's posts newest first, one member's (userId), or trending",
        tags,
        querystring: postListQuerySchema,
        response: { 200: postPageSchema },
      },
    },
    async (request) => listPosts(db, request.query, request.viewer.user?.id ?? null, clock()),
  );

  app.get(
    '/api/community/feed',
    {
      schema: {
        summary: 'Your posts and those of the people you follow (signed out: recent posts)',
        tags,
        querystring: cursorQuerySchema,
        response: { 200: postPageSchema },
      },
    },
    async (request) => feed(db, request.viewer.user?.id ?? null, request.query, clock()),
  );

  app.get(
    '/api/community/posts/:id',
    {
      schema: {
        summary: 'One post',
        tags,
        params: postParams,
        response: { 200: z.object({ post: postSchema }) },
      },
    },
    async (request) => ({
      post: await getPost(db, request.params.id, request.viewer.user?.id ?? null),
    }),
  );

  app.delete(
    '/api/community/posts/:id',
    {
      schema: {
        summary: 'Deletes a post (its author, or an admin)',
        tags,
        params: postParams,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const user = requireCommunityUser(request, clock());
      await deletePost(db, user, request.params.id);
      return { ok: true as const };
    },
  );

  for (const mark of ['like', 'repost'] as const) {
    for (const [method, on] of [
      ['post', true],
      ['delete', false],
    ] as const) {
      app[method](
        `/api/community/posts/:id/${mark}`,
        {
          schema: {
            summary: `${on ? 'Adds' : 'Removes'} the caller's ${mark} (idempotent)`,
            tags,
            params: postParams,
            response: { 200: postToggleResponseSchema },
          },
        },
        async (request) => {
          const now = clock();
          const { user } = await requireCommunityMember(db, request, now);
          return setPostMark(db, user.id, request.params.id, mark, on, {
            likesPerHour: config.community.likesPerHour,
            now,
          });
        },
      );
    }
  }

  app.get(
    '/api/community/posts/:id/comments',
    {
      schema: {
        summary: "A post's comments, oldest first",
        tags,
        params: postParams,
        querystring: cursorQuerySchema,
        response: { 200: commentPageSchema },
      },
    },
    async (request) => listComments(db, request.params.id, request.query),
  );

  app.post(
    '/api/community/posts/:id/comments',
    {
      schema: {
        summary: 'Comments on a post (at most 500 characters)',
        tags,
        params: postParams,
        body: createCommentRequestSchema,
        response: { 201: z.object({ comment: commentPageSchema.shape.comments.element }) },
      },
    },
    async (request, reply) => {
      const member = await requireCommunityMember(db, request, clock());
      const comment = await addComment(
        db,
        member,
        request.params.id,
        request.body.content,
        limits(),
      );
      return reply.code(201).send({ comment });
    },
  );

  app.delete(
    '/api/community/comments/:id',
    {
      schema: {
        summary: 'Deletes a comment (its author, or an admin)',
        tags,
        params: commentParams,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const user = requireCommunityUser(request, clock());
      await removeComment(db, user, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/community/search',
    {
      schema: {
        summary: 'Posts and profiles matching the words',
        tags,
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => searchCommunity(db, request.query.q, request.viewer.user?.id ?? null),
  );
};

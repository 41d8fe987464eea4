import {
  availabilityResponseSchema,
  collectionListResponseSchema,
  createProfileRequestSchema,
  cursorQuerySchema,
  followResponseSchema,
  myProfileResponseSchema,
  profilePageSchema,
  profileResponseSchema,
  updateProfileRequestSchema,
} from '@samvad/contracts/community';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { requireCommunityMember, requireCommunityUser } from '../http/community-guard.ts';
import { listCollections } from '../services/community-collection-service.ts';
import {
  createProfile,
  followList,
  myProfile,
  profileByUsername,
  profileOfUser,
  setFollowing,
  suggested,
  updateMyProfile,
  usernameAvailability,
} from '../services/community-profile-service.ts';

const userParams = z.object({ id: z.string().min(1).max(64) });
const followParams = z.object({ userId: z.string().min(1).max(64) });
const usernameParams = z.object({ username: z.string().min(1).max(64) });

/** Profiles and follows. Anyone may read; writing needs a signed-in, unbanned member. */
export const communityProfileRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { database, clock, config },
) => {
  const tags = ['community'];
  const { db } = database;
  const viewerIdOf = (request: { viewer: { user: { id: string } | null } }) =>
    request.viewer.user?.id ?? null;

  app.get(
    '/api/community/me',
    {
      schema: {
        summary: "The caller's community profile, or null (visitors and members without one)",
        tags,
        response: { 200: myProfileResponseSchema },
      },
    },
    async (request) => ({ profile: await myProfile(db, viewerIdOf(request)) }),
  );

  app.post(
    '/api/community/profiles',
    {
      schema: {
        summary: 'Creates the caller’s profile (one per member)',
        tags,
        body: createProfileRequestSchema,
        response: { 201: profileResponseSchema },
      },
    },
    async (request, reply) => {
      const now = clock();
      const user = requireCommunityUser(request, now);
      const profile = await createProfile(db, user, request.body, now);
      return reply.code(201).send({ profile });
    },
  );

  app.patch(
    '/api/community/profiles/me',
    {
      schema: {
        summary: 'Edits the caller’s profile',
        tags,
        body: updateProfileRequestSchema,
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => {
      const now = clock();
      const { profile } = await requireCommunityMember(db, request, now);
      return {
        profile: await updateMyProfile(db, profile, request.body, {
          usernameChangesPerHour: config.community.usernameChangesPerHour,
          now,
        }),
      };
    },
  );

  app.get(
    '/api/community/profiles/suggested',
    {
      schema: {
        summary: 'The most-followed profiles the caller does not follow yet',
        tags,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(20).default(5) }),
        response: { 200: profilePageSchema },
      },
    },
    async (request) => ({
      profiles: await suggested(db, viewerIdOf(request), request.query.limit),
      nextCursor: null,
    }),
  );

  app.get(
    '/api/community/profiles/:username',
    {
      schema: {
        summary: 'A profile by username (case-insensitive)',
        tags,
        params: usernameParams,
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => ({
      profile: await profileByUsername(db, request.params.username, viewerIdOf(request)),
    }),
  );

  app.get(
    '/api/community/profiles/:username/available',
    {
      schema: {
        summary: 'Whether a username is valid and free',
        tags,
        params: usernameParams,
        response: { 200: availabilityResponseSchema },
      },
    },
    async (request) => usernameAvailability(db, request.params.username),
  );

  app.get(
    '/api/community/users/:id/profile',
    {
      schema: {
        summary: 'A member’s profile by user id',
        tags,
        params: userParams,
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => ({
      profile: await profileOfUser(db, request.params.id, viewerIdOf(request)),
    }),
  );

  for (const direction of ['followers', 'following'] as const) {
    app.get(
      `/api/community/users/:id/${direction}`,
      {
        schema: {
          summary: `A member’s ${direction}, newest first`,
          tags,
          params: userParams,
          querystring: cursorQuerySchema,
          response: { 200: profilePageSchema },
        },
      },
      async (request) =>
        followList(db, request.params.id, direction, request.query, viewerIdOf(request)),
    );
  }

  app.get(
    '/api/community/users/:id/quote-collections',
    {
      schema: {
        summary: 'A member’s quote collections (private ones only for their owner)',
        tags,
        params: userParams,
        response: { 200: collectionListResponseSchema },
      },
    },
    async (request) => ({
      collections: await listCollections(db, request.params.id, viewerIdOf(request)),
    }),
  );

  for (const [method, on] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/api/community/follow/:userId',
      {
        schema: {
          summary: on ? 'Follows a member' : 'Unfollows a member',
          tags,
          params: followParams,
          response: { 200: followResponseSchema },
        },
      },
      async (request) => {
        const now = clock();
        const { user } = await requireCommunityMember(db, request, now);
        return setFollowing(db, user, request.params.userId, on, {
          followsPerHour: config.community.followsPerHour,
          now,
        });
      },
    );
  }
};

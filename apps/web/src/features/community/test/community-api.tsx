import type { Post, Profile } from '@samvad/contracts/community';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { AppRoutes } from '../../../app/router.tsx';
import { signedInSession, testUser, visitorApi } from '../../../test/render-app.tsx';
import { myProfile, testProfile } from './community-fixtures.ts';

type Answer = { status: number; body?: unknown } | 'never';
type AnswerSource = Answer | ((init: RequestInit | undefined) => Answer);

export const page = <T,>(items: T[], nextCursor: string | null = null) => ({
  status: 200,
  body: { posts: items, nextCursor },
});

/** What the community asks for on /community, as a visitor sees it. */
export function communityVisitorApi(posts: Post[] = []): Record<string, AnswerSource> {
  return {
    ...visitorApi('client.apps'),
    '/api/community/profiles/suggested?limit=5': {
      status: 200,
      body: { profiles: [testProfile()], nextCursor: null },
    },
    '/api/community/feed?limit=20': page(posts),
    '/api/community/posts?sort=trending&limit=20': page([]),
  };
}

/** The same for a signed-in member (user u1), with their profile or none. */
export function communityMemberApi(
  posts: Post[] = [],
  profile: Profile | null = myProfile(),
  role: 'user' | 'admin' = 'user',
): Record<string, AnswerSource> {
  return {
    ...communityVisitorApi(posts),
    '/api/auth/session': signedInSession(testUser({ role })),
    '/api/community/me': { status: 200, body: { profile } },
  };
}

let currentLocation = '';
function LocationProbe() {
  const location = useLocation();
  currentLocation = location.pathname + location.search;
  return null;
}

/** The real app at `entry` (a path, or a path with router state, as 'Post as quote' sends). */
export function renderCommunity(
  entry: string | { pathname: string; search?: string; state?: unknown },
) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { path: () => currentLocation };
}

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  communityMemberApi,
  communityVisitorApi,
  renderCommunity,
} from '../../features/community/test/community-api.tsx';
import {
  myProfile,
  testCollection,
  testProfile,
} from '../../features/community/test/community-fixtures.ts';
import { resetToastsForTests } from '../../shared/toast/toast-store.ts';
import { requestsTo, stubApi } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToastsForTests();
});

const meera = testProfile();
const meeraApi = {
  '/api/community/profiles/meera': { status: 200, body: { profile: meera } },
  '/api/community/posts?userId=u2&sort=recent&limit=20': {
    status: 200,
    body: { posts: [], nextCursor: null },
  },
};

/** The Followers figure in the profile's header. */
const followers = () => {
  const term = screen.getByText(/^Followers?$/, { selector: 'dt' });
  return term.parentElement?.querySelector('dd')?.textContent;
};

describe('/community/profile/{username}', () => {
  it("shows 'Profile Not Found' with the way back for an unknown name", async () => {
    stubApi({
      ...communityVisitorApi(),
      '/api/community/profiles/nobody': {
        status: 404,
        body: { error: { code: 'not_found', message: 'No such profile' } },
      },
    });
    renderCommunity('/community/profile/nobody');
    expect(
      await screen.findByRole('heading', { name: 'Profile Not Found' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Community' }).getAttribute('href')).toBe(
      '/community',
    );
    // A missing profile is a state of the page, not a failure to report.
    expect(screen.queryByText('Failed to load profile information.')).toBeNull();
  });

  it("toasts 'Failed to load profile information.' when it cannot be loaded", async () => {
    stubApi({
      ...communityVisitorApi(),
      '/api/community/profiles/meera': {
        status: 500,
        body: { error: { code: 'internal', message: 'Internal server error' } },
      },
    });
    renderCommunity('/community/profile/meera');
    expect(await screen.findByText('Failed to load profile information.')).toBeTruthy();
  });

  it('shows the avatar initials, names, bio and counts, and Sign in to Follow for a visitor', async () => {
    stubApi({ ...communityVisitorApi(), ...meeraApi });
    renderCommunity('/community/profile/meera');
    expect(await screen.findByRole('heading', { name: 'Meera Rao' })).toBeTruthy();
    expect(screen.getByText('@meera')).toBeTruthy();
    expect(screen.getByText('MR')).toBeTruthy();
    expect(screen.getByText('Reads everything twice.')).toBeTruthy();
    expect(followers()).toBe('5');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in to Follow' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to join in' })).toBeTruthy();
    expect(await screen.findByText('Meera Rao has not posted yet.')).toBeTruthy();
  });

  it("follows at once and says 'Following'; unfollowing says 'Unfollowed'", async () => {
    const fetchMock = stubApi({
      ...communityMemberApi(),
      ...meeraApi,
      '/api/community/follow/u2': (init) =>
        init?.method === 'POST'
          ? { status: 200, body: { following: true, followerCount: 6 } }
          : { status: 200, body: { following: false, followerCount: 5 } },
    });
    renderCommunity('/community/profile/meera');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Follow @meera' }));
    expect(followers()).toBe('6');
    expect(await screen.findByText('Following', { selector: '[data-state] *' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unfollow @meera' }));
    expect(await screen.findByText('Unfollowed')).toBeTruthy();
    await waitFor(() => expect(followers()).toBe('5'));
    expect(requestsTo(fetchMock, '/api/community/follow/u2', 'POST')).toHaveLength(1);
    expect(requestsTo(fetchMock, '/api/community/follow/u2', 'DELETE')).toHaveLength(1);
  });

  it('sends a follow made while the viewer’s own profile is still loading', async () => {
    const fetchMock = stubApi({
      ...communityMemberApi(),
      ...meeraApi,
      '/api/community/me': 'never',
      '/api/community/follow/u2': { status: 200, body: { following: true, followerCount: 6 } },
    });
    renderCommunity('/community/profile/meera');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Follow @meera' }));
    expect(await screen.findByRole('button', { name: 'Unfollow @meera' })).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/community/follow/u2', 'POST')).toHaveLength(1);
  });

  it('puts a refused follow back, with "Action failed"', async () => {
    stubApi({
      ...communityMemberApi(),
      ...meeraApi,
      '/api/community/follow/u2': {
        status: 429,
        body: { error: { code: 'rate_limited', message: 'Too many follows this hour' } },
      },
    });
    renderCommunity('/community/profile/meera');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Follow @meera' }));
    expect(await screen.findByText('Action failed')).toBeTruthy();
    expect(screen.getByText('Too many follows this hour')).toBeTruthy();
    await waitFor(() => expect(followers()).toBe('5'));
    expect(screen.getByRole('button', { name: 'Follow @meera' })).toBeTruthy();
  });

  it('offers Edit Profile, not Follow, on one’s own profile, and its collections', async () => {
    const me = myProfile();
    stubApi({
      ...communityMemberApi(),
      '/api/community/profiles/asha': { status: 200, body: { profile: me } },
      '/api/community/users/u1/quote-collections': {
        status: 200,
        body: {
          collections: [
            testCollection(),
            testCollection({ id: 'c2', title: 'Secret', isPublic: false, quoteCount: 2 }),
          ],
        },
      },
    });
    renderCommunity('/community/profile/asha?tab=collections');
    expect(await screen.findByRole('link', { name: 'Edit Profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
    const view = await screen.findByRole('link', { name: 'View Collection On education' });
    expect(view.getAttribute('href')).toBe('/community/collections/c1');
    const card = view.closest('li');
    expect(card && within(card).getByText('Passages on schooling')).toBeTruthy();
    expect(card && within(card).getByText('1 quote')).toBeTruthy();
    expect(screen.getByText('Private')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Collection' }).getAttribute('href')).toBe(
      '/community/collections/create',
    );
  });

  it('lists followers and following under Network', async () => {
    stubApi({
      ...communityVisitorApi(),
      ...meeraApi,
      '/api/community/users/u2/followers?limit=20': {
        status: 200,
        body: {
          profiles: [testProfile({ userId: 'u3', username: 'kabir', displayName: 'Kabir' })],
          nextCursor: null,
        },
      },
      '/api/community/users/u2/following?limit=20': {
        status: 200,
        body: { profiles: [], nextCursor: null },
      },
    });
    renderCommunity('/community/profile/meera');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Network' }));
    const list = await screen.findByRole('list', { name: 'Followers' });
    expect(within(list).getByText('@kabir')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Following' }));
    expect(await screen.findByText('Meera Rao does not follow anyone yet.')).toBeTruthy();
  });
});

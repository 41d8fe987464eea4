import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  communityMemberApi,
  communityVisitorApi,
  renderCommunity,
} from '../../features/community/test/community-api.tsx';
import { myProfile } from '../../features/community/test/community-fixtures.ts';
import { resetToastsForTests } from '../../shared/toast/toast-store.ts';
import { requestsTo, stubApi } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToastsForTests();
});

const available = (name: string, free: boolean) => ({
  [`/api/community/profiles/${name}/available`]: {
    status: 200,
    body: { available: free, message: free ? null : 'This username is already taken' },
  },
});

async function openForm(
  extra: Parameters<typeof stubApi>[0] = {},
  path = '/community/create-profile',
) {
  const fetchMock = stubApi({ ...communityMemberApi([], null), ...extra });
  const location = renderCommunity(path);
  const box = await screen.findByLabelText('Username', {}, { timeout: 5000 });
  return { fetchMock, location, box, user: userEvent.setup() };
}

describe('/community/create-profile', () => {
  it("gives the spec's username messages as the member types", async () => {
    const { box, user } = await openForm(available('taken', false));
    await user.type(box, 'ab');
    expect(await screen.findByText('Username must be at least 3 characters long')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await user.clear(box);
    await user.type(box, 'a b c');
    expect(
      await screen.findByText(
        'Username can only contain letters, numbers, underscores, and hyphens',
      ),
    ).toBeTruthy();
    await user.clear(box);
    await user.tab();
    expect(await screen.findByText('Username is required')).toBeTruthy();
    await user.click(box);
    await user.type(box, 'taken');
    expect(await screen.findByText('This username is already taken')).toBeTruthy();
  });

  it('checks availability once typing pauses, not for every key', async () => {
    const { box, user, fetchMock } = await openForm(available('asha_d', true));
    await user.type(box, 'asha_d');
    expect(await screen.findByText('This username is available')).toBeTruthy();
    const checks = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/available'));
    expect(checks.map(([url]) => String(url))).toEqual([
      '/api/community/profiles/asha_d/available',
    ]);
  });

  it("creates the profile ('Profile created'), the display name defaulting to the username", async () => {
    const { box, user, fetchMock, location } = await openForm(
      {
        ...available('asha_d', true),
        '/api/community/profiles': {
          status: 201,
          body: { profile: myProfile({ username: 'asha_d', displayName: 'asha_d' }) },
        },
      },
      '/community/create-profile?next=%2Fcommunity%3Fquote%3D1',
    );
    expect(screen.getByLabelText('Display name').getAttribute('placeholder')).toBe(
      'Defaults to your username',
    );
    await user.type(box, 'asha_d');
    expect(screen.getByLabelText('Display name').getAttribute('placeholder')).toBe('asha_d');
    await screen.findByText('This username is available');
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText('Profile created')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/community/profiles', 'POST')).toEqual([
      { username: 'asha_d', displayName: null, bio: null },
    ]);
    await waitFor(() => expect(location.path()).toBe('/community?quote=1'));
  });

  it("says 'Failed to create profile. Please try again.' when refused, and marks a taken name", async () => {
    const { box, user } = await openForm({
      ...available('asha_d', true),
      '/api/community/profiles': {
        status: 409,
        body: { error: { code: 'conflict', message: 'This username is already taken' } },
      },
    });
    await user.type(box, 'asha_d');
    await screen.findByText('This username is available');
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText('Failed to create profile. Please try again.')).toBeTruthy();
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('This username is already taken').length).toBeGreaterThan(0);
  });

  it('sends a visitor, and a member who has a profile, back to /community', async () => {
    stubApi(communityVisitorApi());
    const visitor = renderCommunity('/community/create-profile');
    await waitFor(() => expect(visitor.path()).toBe('/community'), { timeout: 5000 });
  });

  it('sends a member who already has a profile back to /community', async () => {
    stubApi(communityMemberApi());
    const member = renderCommunity('/community/create-profile');
    await waitFor(() => expect(member.path()).toBe('/community'), { timeout: 5000 });
  });

  it('ignores a way back that leaves the community', async () => {
    const { box, user, location } = await openForm(
      {
        ...available('asha_d', true),
        '/api/community/profiles': { status: 201, body: { profile: myProfile() } },
      },
      '/community/create-profile?next=https%3A%2F%2Fevil.example',
    );
    await user.type(box, 'asha_d');
    await screen.findByText('This username is available');
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    await waitFor(() => expect(location.path()).toBe('/community'));
  });
});

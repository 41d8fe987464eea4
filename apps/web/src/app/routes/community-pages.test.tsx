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
  testPost,
  testProfile,
} from '../../features/community/test/community-fixtures.ts';
import { resetToastsForTests } from '../../shared/toast/toast-store.ts';
import { requestsTo, stubApi } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToastsForTests();
});

const quote = testPost({
  isQuote: true,
  quoteSource: { fileName: 'a.pdf', page: 3, pageLabel: null, link: null },
});
const collection = testCollection({ id: 'c1', title: 'On education', quoteCount: 1 });
const collectionPage = (quotes = [quote], nextCursor: string | null = null) => ({
  status: 200,
  body: { collection, quotes, nextCursor },
});

describe('/community/collections/{id}', () => {
  it('shows the collection, its owner and its quotes; the owner takes one out', async () => {
    const fetchMock = stubApi({
      ...communityMemberApi(),
      '/api/community/quote-collections/c1?limit=20': collectionPage(),
      '/api/community/quote-collections/c1/quotes/p1': {
        status: 200,
        body: { collection: { ...collection, quoteCount: 0 } },
      },
    });
    renderCommunity('/community/collections/c1');
    expect(
      await screen.findByRole('heading', { name: 'On education' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('Passages on schooling')).toBeTruthy();
    expect(screen.getByText('Public')).toBeTruthy();
    expect(screen.getByText('1 quote')).toBeTruthy();
    expect(screen.getByText('Asha Devi')).toBeTruthy();
    const article = screen.getByRole('article', { name: 'Meera Rao' });
    await userEvent.setup().click(within(article).getByRole('button', { name: /^Remove/ }));
    expect(await screen.findByText('Removed from On education')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    expect(screen.getByText('0 quotes')).toBeTruthy();
    expect(
      requestsTo(fetchMock, '/api/community/quote-collections/c1/quotes/p1', 'DELETE'),
    ).toHaveLength(1);
  });

  it('lets the owner rename it, and delete it after asking', async () => {
    const fetchMock = stubApi({
      ...communityMemberApi(),
      '/api/community/quote-collections/c1?limit=20': collectionPage(),
      '/api/community/quote-collections/c1': (init) =>
        init?.method === 'DELETE'
          ? { status: 200, body: { ok: true } }
          : { status: 200, body: { collection: { ...collection, title: 'On schooling' } } },
      '/api/community/profiles/asha': { status: 200, body: { profile: myProfile() } },
      '/api/community/users/u1/quote-collections': { status: 200, body: { collections: [] } },
    });
    const location = renderCommunity('/community/collections/c1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 5000 }));
    const edit = screen.getByRole('dialog', { name: 'Edit collection' });
    const title = within(edit).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'On schooling');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'On schooling' })).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/community/quote-collections/c1', 'PATCH')).toEqual([
      { title: 'On schooling', description: 'Passages on schooling', isPublic: true },
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete collection?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Collection deleted')).toBeTruthy();
    await waitFor(() => expect(location.path()).toBe('/community/profile/asha?tab=collections'));
  });

  it('offers no owner actions to others, and pages through long collections', async () => {
    const second = testPost({ id: 'p2', feedKey: 'post:p2', content: 'The second quote.' });
    stubApi({
      ...communityVisitorApi(),
      '/api/community/quote-collections/c1?limit=20': collectionPage([quote], 'next-1'),
      '/api/community/quote-collections/c1?cursor=next-1&limit=20': collectionPage([second]),
    });
    renderCommunity('/community/collections/c1');
    await screen.findByRole('heading', { name: 'On education' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    // jsdom has no IntersectionObserver: the button is the way on.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more posts' }));
    expect(await screen.findByText('The second quote.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more posts' })).toBeNull();
  });

  it("says 'Collection Not Found' for a missing or private one", async () => {
    stubApi({
      ...communityVisitorApi(),
      '/api/community/quote-collections/c9?limit=20': {
        status: 404,
        body: { error: { code: 'not_found', message: 'No such collection' } },
      },
    });
    renderCommunity('/community/collections/c9');
    expect(
      await screen.findByRole('heading', { name: 'Collection Not Found' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});

describe('/community/collections/create', () => {
  it('creates a collection and opens it', async () => {
    const fetchMock = stubApi({
      ...communityMemberApi(),
      '/api/community/quote-collections': { status: 201, body: { collection } },
      '/api/community/quote-collections/c1?limit=20': collectionPage([]),
    });
    const location = renderCommunity('/community/collections/create');
    const user = userEvent.setup();
    const submit = await screen.findByRole(
      'button',
      { name: 'Create Collection' },
      { timeout: 5000 },
    );
    await user.click(submit);
    expect(screen.getByText('A collection needs a title')).toBeTruthy();
    await user.type(screen.getByLabelText('Title'), 'On education');
    await user.click(screen.getByLabelText('Public'));
    await user.click(submit);
    await waitFor(() => expect(location.path()).toBe('/community/collections/c1'));
    expect(requestsTo(fetchMock, '/api/community/quote-collections', 'POST')).toEqual([
      { title: 'On education', description: null, isPublic: false },
    ]);
  });
});

describe('/community/settings and /community/edit-profile', () => {
  it('links to the profile, its editing and collections, with the theme and Sign out', async () => {
    stubApi(communityMemberApi());
    renderCommunity('/community/settings');
    expect(
      await screen.findByRole('heading', { name: 'Settings' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe(
      '/community/edit-profile',
    );
    expect(screen.getByRole('link', { name: 'Your Collections' }).getAttribute('href')).toBe(
      '/community/profile/asha?tab=collections',
    );
    const appearance = screen.getByRole('region', { name: 'Appearance' });
    const dark = within(appearance).getByRole('radio', { name: 'Dark' });
    await userEvent.setup().click(dark);
    expect((dark as HTMLInputElement).checked).toBe(true);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('sends only the changed fields and opens the profile under its new name', async () => {
    const fetchMock = stubApi({
      ...communityMemberApi(),
      '/api/community/profiles/asha_d/available': {
        status: 200,
        body: { available: true, message: null },
      },
      '/api/community/profiles/me': {
        status: 200,
        body: { profile: myProfile({ username: 'asha_d', bio: 'Reader' }) },
      },
      '/api/community/profiles/asha_d': {
        status: 200,
        body: { profile: myProfile({ username: 'asha_d', bio: 'Reader' }) },
      },
      '/api/community/posts?userId=u1&sort=recent&limit=20': {
        status: 200,
        body: { posts: [], nextCursor: null },
      },
    });
    const location = renderCommunity('/community/edit-profile');
    const user = userEvent.setup();
    const username = await screen.findByLabelText('Username', {}, { timeout: 5000 });
    expect((username as HTMLInputElement).value).toBe('asha');
    await user.clear(username);
    await user.type(username, 'asha_d');
    await user.type(screen.getByLabelText('Bio'), 'Reader');
    await screen.findByText('This username is available');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/community/profiles/me', 'PATCH')).toEqual([
      { username: 'asha_d', bio: 'Reader' },
    ]);
    await waitFor(() => expect(location.path()).toBe('/community/profile/asha_d'));
  });
});

describe('/community/explore', () => {
  it('searches posts and profiles and keeps the words in the address', async () => {
    stubApi({
      ...communityVisitorApi(),
      '/api/community/search?q=caste': {
        status: 200,
        body: { posts: [quote], profiles: [testProfile({ userId: 'u5', username: 'kabir' })] },
      },
      '/api/community/search?q=nothing': { status: 200, body: { posts: [], profiles: [] } },
    });
    const location = renderCommunity('/community/explore');
    const user = userEvent.setup();
    const box = await screen.findByLabelText('Search posts and profiles', {}, { timeout: 5000 });
    await user.type(box, 'caste{Enter}');
    await waitFor(() => expect(location.path()).toBe('/community/explore?q=caste'));
    expect(await screen.findByText('@kabir')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Meera Rao' })).toBeTruthy();
    await user.clear(box);
    await user.type(box, 'nothing{Enter}');
    expect(await screen.findByText(/Nothing matches “nothing”/)).toBeTruthy();
  });
});

describe('the header', () => {
  it('links to the community, marked current inside it', async () => {
    stubApi(communityVisitorApi());
    renderCommunity('/community/explore');
    const link = await screen.findByRole('link', { name: 'Community' });
    expect(link.getAttribute('href')).toBe('/community');
    expect(link.getAttribute('aria-current')).toBe('page');
  });
});

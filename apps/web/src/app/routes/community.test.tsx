import type { Post } from '@samvad/contracts/community';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  communityMemberApi,
  communityVisitorApi,
  renderCommunity,
} from '../../features/community/test/community-api.tsx';
import { testPost } from '../../features/community/test/community-fixtures.ts';
import { resetToastsForTests } from '../../shared/toast/toast-store.ts';
import { checkStubbedResponse } from '../../test/api-contracts.ts';
import { requestsTo, stubApi } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToastsForTests();
});

const post = testPost({
  content: 'Read <img src=x onerror=alert(1)> and https://example.org/speech.',
  likeCount: 2,
});

const likeButton = () => screen.getByRole('button', { name: /^Like,/ });

describe('/community as a visitor', () => {
  it('shows Recent Posts as plain text with safe links, and the sign-in call to action', async () => {
    stubApi(communityVisitorApi([post]));
    renderCommunity('/community');
    // The first test pays for loading the lazy pages.
    expect(
      await screen.findByRole('tab', { name: 'Recent Posts' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Trending' })).toBeTruthy();
    const article = await screen.findByRole('article', { name: 'Meera Rao' });
    expect(article.querySelector('img')).toBeNull();
    expect(article.textContent).toContain('<img src=x onerror=alert(1)>');
    const link = within(article).getByRole('link', { name: 'https://example.org/speech' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('form', { name: 'Create a post' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText('Suggested Profiles')).toBeTruthy();
  });

  it("asks to sign in on Like ('Authentication required') and sends nothing", async () => {
    const fetchMock = stubApi(communityVisitorApi([post]));
    renderCommunity('/community');
    await screen.findByRole('article', { name: 'Meera Rao' });
    await userEvent.setup().click(likeButton());
    expect(await screen.findByText('Authentication required')).toBeTruthy();
    const prompt = screen.getByRole('dialog', { name: 'Sign in to join in' });
    expect(within(prompt).getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(requestsTo(fetchMock, '/api/community/posts/p1/like')).toHaveLength(0);
  });

  it('says so when the feed is empty, and when nothing trends', async () => {
    stubApi(communityVisitorApi([]));
    renderCommunity('/community');
    expect(await screen.findByText(/No posts yet/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Trending' }));
    expect(await screen.findByText(/Nothing is trending yet/)).toBeTruthy();
  });

  it("toasts 'Failed to load community content. Please try again.' and offers a retry", async () => {
    stubApi({
      ...communityVisitorApi(),
      '/api/community/feed?limit=20': {
        status: 500,
        body: { error: { code: 'internal', message: 'Internal server error' } },
      },
    });
    renderCommunity('/community');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    // The inline message and the toast (the toaster's code loads on first use).
    await waitFor(() =>
      expect(
        screen.getAllByText('Failed to load community content. Please try again.').length,
      ).toBeGreaterThan(1),
    );
  });
});

describe('/community as a member', () => {
  it('offers Create Profile to a member without one', async () => {
    stubApi(communityMemberApi([], null));
    renderCommunity('/community');
    const link = await screen.findByRole('link', { name: 'Create Profile' });
    expect(link.getAttribute('href')).toBe('/community/create-profile');
    expect(screen.getByRole('tab', { name: 'Your Feed' })).toBeTruthy();
  });

  it('posts from the composer: the spec message when empty, n/500 in code points', async () => {
    const created = testPost({ id: 'p9', feedKey: 'post:p9', content: 'Hello 😀' });
    const feed: Post[] = [];
    const fetchMock = stubApi({
      ...communityMemberApi([]),
      '/api/community/feed?limit=20': () => ({
        status: 200,
        body: { posts: feed, nextCursor: null },
      }),
      '/api/community/posts': () => {
        feed.unshift(created);
        return { status: 201, body: { post: created } };
      },
    });
    renderCommunity('/community');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Create a post' });
    expect(screen.getByRole('link', { name: 'Profile Settings' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(within(form).getByText('Please enter some content for your post')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/community/posts', 'POST')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Post content'), 'Hello 😀');
    expect(within(form).getByText('7/500', { exact: false })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Post created')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/community/posts', 'POST')).toEqual([
      { content: 'Hello 😀', isQuote: false, quoteSource: null },
    ]);
    expect(await screen.findByRole('article', { name: 'Meera Rao' })).toBeTruthy();
  });

  it('refuses a post over 500 characters with a counter in the red', async () => {
    stubApi(communityMemberApi([]));
    renderCommunity('/community');
    const form = await screen.findByRole('form', { name: 'Create a post' });
    const box = within(form).getByLabelText('Post content');
    await userEvent.setup().click(box);
    await userEvent.setup().paste('😀'.repeat(501));
    expect(within(form).getByText('501/500', { exact: false })).toBeTruthy();
    expect(within(form).getByText('Posts can be at most 500 characters')).toBeTruthy();
  });

  it('likes at once, and puts the like back with "Action failed" when the server refuses', async () => {
    const fetchMock = stubApi(communityMemberApi([post]));
    const answer = fetchMock.getMockImplementation();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The like's answer is held back, so the page can be seen before it, then refused.
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== '/api/community/posts/p1/like') {
        return answer ? answer(input, init) : new Response(null, { status: 404 });
      }
      await held;
      const body = { error: { code: 'rate_limited', message: 'Slow down' } };
      const refused = new Response(JSON.stringify(body), {
        status: 429,
        headers: { 'content-type': 'application/json' },
      });
      return checkStubbedResponse(init?.method ?? 'GET', String(input), refused);
    });
    renderCommunity('/community');
    await screen.findByRole('article', { name: 'Meera Rao' });

    await userEvent.setup().click(likeButton());
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(likeButton().textContent).toContain('3');
    release();
    expect(await screen.findByText('Action failed')).toBeTruthy();
    expect(screen.getByText('Slow down')).toBeTruthy();
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('false'));
    expect(likeButton().textContent).toContain('2');
  });

  it("takes the server's counts after a like", async () => {
    stubApi({
      ...communityMemberApi([post]),
      '/api/community/posts/p1/like': {
        status: 200,
        body: { liked: true, reposted: false, likeCount: 9, repostCount: 1 },
      },
    });
    renderCommunity('/community');
    await screen.findByRole('article', { name: 'Meera Rao' });
    await userEvent.setup().click(likeButton());
    await waitFor(() => expect(likeButton().textContent).toContain('9'));
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
  });

  it('shows Delete on own posts, and on every post for an admin', async () => {
    const own = testPost({
      id: 'p2',
      feedKey: 'post:p2',
      user: { userId: 'u1', username: 'asha', displayName: 'Asha Devi', profileImage: null },
    });
    stubApi(communityMemberApi([post, own]));
    renderCommunity('/community');
    const mine = await screen.findByRole('article', { name: 'Asha Devi' });
    expect(within(mine).getByRole('button', { name: 'Delete post' })).toBeTruthy();
    const theirs = screen.getByRole('article', { name: 'Meera Rao' });
    expect(within(theirs).queryByRole('button', { name: 'Delete post' })).toBeNull();
  });

  it('lets an admin delete anyone’s post, after asking', async () => {
    const fetchMock = stubApi({
      ...communityMemberApi([post], undefined, 'admin'),
      '/api/community/posts/p1': { status: 200, body: { ok: true } },
    });
    renderCommunity('/community');
    const user = userEvent.setup();
    const article = await screen.findByRole('article', { name: 'Meera Rao' });
    await user.click(within(article).getByRole('button', { name: 'Delete post' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post deleted')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/community/posts/p1', 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Meera Rao' })).toBeNull());
  });
});

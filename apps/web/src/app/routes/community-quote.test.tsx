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
import { requestsTo, stubApi } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToastsForTests();
});

/** What 'Post as quote' under a chat answer sends (message-content/components/source-row.tsx). */
const fromChat = {
  pathname: '/community',
  search: '?quote=1',
  state: {
    quote: {
      excerpt: 'Caste is a state of mind.',
      source: {
        file_name: 'annihilation.pdf',
        page: 12,
        page_label: 'xii',
        link: '/api/documents/d1/file#page=12',
      },
    },
  },
};

const quoteSource = {
  fileName: 'annihilation.pdf',
  page: 12,
  pageLabel: 'xii',
  link: '/api/documents/d1/file#page=12',
};

describe("a quote from a chat answer ('Post as quote')", () => {
  it('fills the composer: the excerpt, the quote toggle on, the source under it', async () => {
    const created = testPost({
      id: 'q1',
      isQuote: true,
      quoteSource,
      content: 'Caste is a state of mind.',
    });
    const fetchMock = stubApi({
      ...communityMemberApi(),
      '/api/community/posts': { status: 201, body: { post: created } },
    });
    const location = renderCommunity(fromChat);
    const form = await screen.findByRole('form', { name: 'Create a post' }, { timeout: 5000 });
    expect((within(form).getByLabelText('Post content') as HTMLTextAreaElement).value).toBe(
      'Caste is a state of mind.',
    );
    expect(within(form).getByRole('button', { name: 'Quote' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const source = within(form).getByRole('link', { name: 'annihilation.pdf, p. xii' });
    expect(source.getAttribute('href')).toBe('/api/documents/d1/file#page=12');

    await userEvent.setup().click(within(form).getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Post created')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/community/posts', 'POST')).toEqual([
      { content: 'Caste is a state of mind.', isQuote: true, quoteSource },
    ]);
    // Posted: the address no longer asks for a quote, and the stored draft is gone.
    await waitFor(() => expect(location.path()).toBe('/community'));
    expect(sessionStorage.getItem('samvad.quoteDraft')).toBeNull();
  });

  it('sends a member without a profile to create one first, with the way back', async () => {
    stubApi(communityMemberApi([], null));
    const location = renderCommunity(fromChat);
    await waitFor(
      () => expect(location.path()).toBe('/community/create-profile?next=%2Fcommunity%3Fquote%3D1'),
      { timeout: 5000 },
    );
    // The quote waits in session storage for the way back.
    expect(sessionStorage.getItem('samvad.quoteDraft')).toContain('Caste is a state of mind.');
  });

  it('keeps the quote for a visitor until they have signed in', async () => {
    stubApi(communityVisitorApi());
    renderCommunity(fromChat);
    expect(
      await screen.findByText(/Sign in to post this quote/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(sessionStorage.getItem('samvad.quoteDraft')).toContain('annihilation.pdf');
  });

  it('opens the composer as a quote when the state did not survive', async () => {
    stubApi(communityMemberApi());
    renderCommunity('/community?quote=1');
    const form = await screen.findByRole('form', { name: 'Create a post' }, { timeout: 5000 });
    expect((within(form).getByLabelText('Post content') as HTMLTextAreaElement).value).toBe('');
    expect(within(form).getByRole('button', { name: 'Quote' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows a quote post as a blockquote with its source', async () => {
    stubApi(
      communityVisitorApi([
        testPost({ isQuote: true, quoteSource, content: 'Caste is a state of mind.' }),
      ]),
    );
    renderCommunity('/community');
    const article = await screen.findByRole('article', { name: 'Meera Rao' }, { timeout: 5000 });
    expect(article.querySelector('blockquote')?.textContent).toBe('Caste is a state of mind.');
    expect(within(article).getByRole('link', { name: 'annihilation.pdf, p. xii' })).toBeTruthy();
    expect(within(article).getByRole('button', { name: 'Save Quote' })).toBeTruthy();
  });

  it("carries the speaker of another member's words into the composer and the post", async () => {
    const spoken = { ...quoteSource, speaker: 'T. T. Krishnamachari' };
    const fetchMock = stubApi({
      ...communityMemberApi(),
      '/api/community/posts': {
        status: 201,
        body: { post: testPost({ id: 'q2', isQuote: true, quoteSource: spoken }) },
      },
    });
    renderCommunity({
      ...fromChat,
      state: {
        quote: {
          ...fromChat.state.quote,
          source: { ...fromChat.state.quote.source, speaker: 'T. T. Krishnamachari' },
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Create a post' }, { timeout: 5000 });
    expect(within(form).getByText('T. T. Krishnamachari')).toBeTruthy();
    expect(form.textContent).toContain('— T. T. Krishnamachari, in');
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Post created')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/community/posts', 'POST')).toEqual([
      { content: 'Caste is a state of mind.', isQuote: true, quoteSource: spoken },
    ]);
  });

  it("names the speaker under a quote post that is not the reformer's words", async () => {
    stubApi(
      communityVisitorApi([
        testPost({
          isQuote: true,
          quoteSource: { ...quoteSource, speaker: 'M. K. Gandhi' },
          content: 'Caste has nothing to do with religion.',
        }),
      ]),
    );
    renderCommunity('/community');
    const article = await screen.findByRole('article', { name: 'Meera Rao' }, { timeout: 5000 });
    const caption = article.querySelector('figcaption');
    expect(caption?.textContent).toBe('— M. K. Gandhi, inannihilation.pdf, p. xii');
    expect(within(article).getByRole('link', { name: 'annihilation.pdf, p. xii' })).toBeTruthy();
  });

  it('shows who reposted a post into the feed', async () => {
    stubApi(
      communityVisitorApi([
        testPost({ repostedBy: { username: 'kabir', displayName: 'Kabir Das' }, feedKey: 'r:p1' }),
      ]),
    );
    renderCommunity('/community');
    const article = await screen.findByRole('article', { name: 'Meera Rao' }, { timeout: 5000 });
    expect(article.textContent).toContain('Reposted by Kabir Das');
    expect(within(article).getByRole('link', { name: 'Kabir Das' }).getAttribute('href')).toBe(
      '/community/profile/kabir',
    );
  });
});

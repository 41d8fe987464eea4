import type { Comment } from '@samvad/contracts/community';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToastsForTests } from '../../../shared/toast/toast-store.ts';
import { requestsTo, stubApi } from '../../../test/render-app.tsx';
import {
  communityMemberApi,
  communityVisitorApi,
  renderCommunity,
} from '../test/community-api.tsx';
import { testCollection, testComment, testPost } from '../test/community-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToastsForTests();
});

const quote = testPost({
  isQuote: true,
  quoteSource: { fileName: 'a.pdf', page: 3, pageLabel: null, link: null },
  commentCount: 1,
});

const commentButton = (article: HTMLElement) =>
  within(article).getByRole('button', { name: /^Comment,/ });

describe('comments', () => {
  it('opens the flat list, adds a comment and counts it', async () => {
    const comments: Comment[] = [testComment()];
    const added = testComment({
      id: 'cm2',
      content: 'Agreed.',
      user: { userId: 'u1', username: 'asha', displayName: 'Asha Devi', profileImage: null },
    });
    const fetchMock = stubApi({
      ...communityMemberApi([quote]),
      '/api/community/posts/p1/comments?limit=20': () => ({
        status: 200,
        body: { comments, nextCursor: null },
      }),
      '/api/community/posts/p1/comments': () => {
        comments.push(added);
        return { status: 201, body: { comment: added } };
      },
    });
    renderCommunity('/community');
    const user = userEvent.setup();
    const article = await screen.findByRole('article', { name: 'Meera Rao' }, { timeout: 5000 });
    const toggle = commentButton(article);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = await within(article).findByRole('region', { name: /Comments on the post/ });
    expect(await within(panel).findByText('Well said.')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Comment' }));
    expect(within(panel).getByText('Please enter a comment')).toBeTruthy();
    await user.type(within(panel).getByLabelText('Write a comment'), 'Agreed.');
    await user.click(within(panel).getByRole('button', { name: 'Comment' }));
    expect(await within(panel).findByText('Agreed.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/community/posts/p1/comments', 'POST')).toEqual([
      { content: 'Agreed.' },
    ]);
    expect(commentButton(article).textContent).toContain('2');
    // Their own comment can be deleted; someone else's not.
    expect(within(panel).getByRole('button', { name: 'Delete comment by Asha Devi' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Delete comment by Meera Rao' })).toBeNull();
  });

  it('asks a visitor to sign in to comment', async () => {
    stubApi({
      ...communityVisitorApi([quote]),
      '/api/community/posts/p1/comments?limit=20': {
        status: 200,
        body: { comments: [], nextCursor: null },
      },
    });
    renderCommunity('/community');
    const article = await screen.findByRole('article', { name: 'Meera Rao' }, { timeout: 5000 });
    await userEvent.setup().click(commentButton(article));
    expect(await within(article).findByText('Sign in to comment.')).toBeTruthy();
    expect(within(article).queryByLabelText('Write a comment')).toBeNull();
  });
});

describe('Save Quote', () => {
  it("ticks the collections holding the quote, and adds or removes it from the viewer's", async () => {
    const holding = testCollection({ id: 'c1', title: 'On education' });
    const other = testCollection({ id: 'c2', title: 'Letters', quoteCount: 0 });
    const fetchMock = stubApi({
      ...communityMemberApi([quote]),
      '/api/community/users/u1/quote-collections': {
        status: 200,
        body: { collections: [holding, other] },
      },
      '/api/community/quote-collections/c1/quotes/p1': { status: 200, body: { saved: true } },
      '/api/community/quote-collections/c2/quotes/p1': (init) =>
        init?.method === 'PUT'
          ? { status: 200, body: { collection: { ...other, quoteCount: 1 } } }
          : { status: 200, body: { saved: false } },
    });
    renderCommunity('/community');
    const user = userEvent.setup();
    const article = await screen.findByRole('article', { name: 'Meera Rao' }, { timeout: 5000 });
    await user.click(within(article).getByRole('button', { name: 'Save Quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Quote' });
    const education = await within(dialog).findByRole('checkbox', { name: 'On education' });
    const letters = within(dialog).getByRole('checkbox', { name: 'Letters' });
    await waitFor(() => expect((education as HTMLInputElement).checked).toBe(true));
    await waitFor(() => expect((letters as HTMLInputElement).disabled).toBe(false));
    expect((letters as HTMLInputElement).checked).toBe(false);

    await user.click(letters);
    expect(await screen.findByText('Saved to Letters')).toBeTruthy();
    expect((letters as HTMLInputElement).checked).toBe(true);
    expect(
      requestsTo(fetchMock, '/api/community/quote-collections/c2/quotes/p1', 'PUT'),
    ).toHaveLength(1);
  });

  it('makes a new collection from the dialog and saves the quote into it', async () => {
    const made = testCollection({ id: 'c3', title: 'Keepers', quoteCount: 0 });
    const fetchMock = stubApi({
      ...communityMemberApi([quote]),
      '/api/community/users/u1/quote-collections': { status: 200, body: { collections: [] } },
      '/api/community/quote-collections': { status: 201, body: { collection: made } },
      '/api/community/quote-collections/c3/quotes/p1': {
        status: 200,
        body: { collection: { ...made, quoteCount: 1 } },
      },
    });
    renderCommunity('/community');
    const user = userEvent.setup();
    const article = await screen.findByRole('article', { name: 'Meera Rao' }, { timeout: 5000 });
    await user.click(within(article).getByRole('button', { name: 'Save Quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Quote' });
    expect(await within(dialog).findByText(/You have no collections yet/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('New collection'), 'Keepers');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Saved to Keepers')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/community/quote-collections', 'POST')).toEqual([
      { title: 'Keepers', isPublic: true },
    ]);
    expect(
      requestsTo(fetchMock, '/api/community/quote-collections/c3/quotes/p1', 'PUT'),
    ).toHaveLength(1);
  });

  it('is only offered on quotes', async () => {
    stubApi(communityMemberApi([testPost()]));
    renderCommunity('/community');
    const article = await screen.findByRole('article', { name: 'Meera Rao' }, { timeout: 5000 });
    expect(within(article).queryByRole('button', { name: 'Save Quote' })).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToastsForTests } from '../../../shared/toast/toast-store.ts';
import { renderApp, requestsTo, stubApi } from '../../../test/render-app.tsx';
import { adminApi, adminConversation, page } from '../test/admin-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToastsForTests();
});

const ALL = '/api/admin/conversations?page=1&pageSize=20';
const OF_U1 = '/api/admin/conversations?userId=u1&page=1&pageSize=20';
const deleted = adminConversation({
  id: 'c2',
  title: 'Removed by the member',
  deletedAt: '2026-03-03T10:00:00.000Z',
  messageCount: 4,
});

const {
  userEmail: _e,
  userName: _n,
  messageCount: _c,
  deletedAt: _d,
  ...summary
} = adminConversation();
const conversation = (messages: Array<{ role: 'user' | 'assistant'; content: string }>) => ({
  status: 200,
  body: {
    ...summary,
    isShared: false,
    shareableId: null,
    messages: messages.map((message) => ({
      ...message,
      sources: [],
      timestamp: '2026-03-01T10:05:00.000Z',
    })),
  },
});

describe('Conversations tab', () => {
  it('lists conversations with their counts and marks deleted ones', async () => {
    stubApi(adminApi({ [ALL]: page('conversations', [adminConversation(), deleted]) }));
    renderApp('/admin?tab=conversations');
    const row = (await screen.findByText('Removed by the member')).closest('tr');
    expect(row && within(row).getByText('Deleted')).toBeTruthy();
    expect(row && within(row).getByRole('cell', { name: '4' })).toBeTruthy();
    const other = screen.getByText('On the caste system').closest('tr');
    expect(other && within(other).queryByText('Deleted')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear Filter' })).toBeNull();
  });

  it("filters to one user's conversations; Clear Filter shows everyone's", async () => {
    const fetchMock = stubApi(
      adminApi({
        [ALL]: page('conversations', [adminConversation(), deleted]),
        [OF_U1]: page('conversations', [adminConversation()]),
      }),
    );
    const { path } = renderApp('/admin?tab=conversations&chatsOf=u1');
    const user = userEvent.setup();
    expect(await screen.findByText('On the caste system')).toBeTruthy();
    expect(screen.getByText(/Conversations of/).textContent).toBe(
      'Conversations of asha@example.org',
    );
    expect(requestsTo(fetchMock, ALL)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Clear Filter' }));
    expect(await screen.findByText('Removed by the member')).toBeTruthy();
    expect(path()).toBe('/admin?tab=conversations');
  });

  it('shows the messages with role, time and safe markdown content', async () => {
    const fetchMock = stubApi(
      adminApi({
        [ALL]: page('conversations', [adminConversation()]),
        '/api/conversations/c1': conversation([
          { role: 'user', content: 'What is **caste**? <img src=x onerror=alert(1)>' },
          { role: 'assistant', content: 'It is **a system** of <b>graded</b> inequality.' },
        ]),
      }),
    );
    renderApp('/admin?tab=conversations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View Messages' }));
    const dialog = await screen.findByRole('dialog', { name: 'On the caste system' });
    const messages = await within(dialog).findAllByRole('listitem');
    expect(messages.map((item) => item.querySelector('span')?.textContent)).toEqual([
      'User',
      'Assistant',
    ]);
    // The member's text is shown as typed; the reply as markdown; no HTML reaches the page.
    expect(
      within(messages[0] as HTMLElement).getByText(
        'What is **caste**? <img src=x onerror=alert(1)>',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(messages[1]?.querySelector('strong')?.textContent).toBe('a system'));
    expect(dialog.querySelector('img')).toBeNull();
    expect(dialog.querySelector('b')).toBeNull();
    expect(messages[0]?.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-03-01T10:05:00.000Z',
    );
    expect(requestsTo(fetchMock, '/api/conversations/c1')).toHaveLength(1);
  });

  it('pages a long conversation: Load older messages puts the page before in front', async () => {
    const newest = conversation([
      { role: 'user', content: 'Newest question' },
      { role: 'assistant', content: 'Newest answer' },
    ]);
    const older = conversation([
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'First answer' },
    ]);
    const fetchMock = stubApi(
      adminApi({
        [ALL]: page('conversations', [adminConversation()]),
        '/api/conversations/c1': {
          ...newest,
          body: { ...newest.body, hasMore: true, nextCursor: 'older-page' },
        },
        '/api/conversations/c1?before=older-page': {
          ...older,
          body: { ...older.body, hasMore: false, nextCursor: null },
        },
      }),
    );
    renderApp('/admin?tab=conversations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View Messages' }));
    const dialog = await screen.findByRole('dialog', { name: 'On the caste system' });
    expect(await within(dialog).findByText('Newest question')).toBeTruthy();
    expect(within(dialog).queryByText('First question')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Load older messages' }));
    expect(await within(dialog).findByText('First question')).toBeTruthy();
    const texts = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(texts[0]).toContain('First question');
    expect(texts.at(-1)).toContain('Newest answer');
    expect(within(dialog).queryByRole('button', { name: 'Load older messages' })).toBeNull();
    expect(requestsTo(fetchMock, '/api/conversations/c1?before=older-page')).toHaveLength(1);
  });

  it('says so when the messages cannot be loaded', async () => {
    stubApi(
      adminApi({
        [ALL]: page('conversations', [adminConversation()]),
        '/api/conversations/c1': {
          status: 500,
          body: { error: { code: 'internal', message: 'Something went wrong' } },
        },
      }),
    );
    renderApp('/admin?tab=conversations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View Messages' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to load conversation messages. Try refreshing the page.',
    );
  });
});

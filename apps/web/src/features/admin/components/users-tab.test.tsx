import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToastsForTests } from '../../../shared/toast/toast-store.ts';
import { renderApp, requestsTo, stubApi } from '../../../test/render-app.tsx';
import { adminApi, adminUser, page, testAdmin } from '../test/admin-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToastsForTests();
});

const USERS = '/api/admin/users?page=1&pageSize=20';
const asha = adminUser();
const zoya = adminUser({
  id: 'u2',
  name: 'Zoya Khan',
  email: 'zoya@example.org',
  role: 'admin',
  rateLimits: {
    maxRequestsPerDay: 1,
    maxMessagesPerConversation: 5,
    maxConversations: 0,
    custom: true,
  },
});
const banned = adminUser({
  id: 'u3',
  name: 'Banned Bala',
  email: 'bala@example.org',
  banned: true,
  isBanned: true,
  banReason: 'Posting spam',
});
const self = adminUser({
  id: testAdmin.id,
  name: 'Root Admin',
  email: 'root@example.org',
  role: 'admin',
});

const rowOf = (name: string) => {
  const row = screen.getByRole('cell', { name: new RegExp(name) }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td .font-medium')?.textContent);

describe('Users tab', () => {
  it('lists users with their effective limits (-1 as ∞) and a custom marker', async () => {
    stubApi(adminApi({ [USERS]: page('users', [asha, zoya]) }));
    renderApp('/admin');
    await screen.findByRole('cell', { name: 'zoya@example.org' });

    const ashaLimits = rowOf('asha@example.org');
    expect(ashaLimits.getByText('∞')).toBeTruthy();
    expect(ashaLimits.queryByText('custom')).toBeNull();
    const zoyaRow = rowOf('zoya@example.org');
    expect(zoyaRow.getByText('custom')).toBeTruthy();
    expect(zoyaRow.getByText('0')).toBeTruthy();
    expect(zoyaRow.getByRole('button', { name: 'Remove Admin' })).toBeTruthy();
    expect(ashaLimits.getByRole('button', { name: 'Make Admin' })).toBeTruthy();
  });

  it('sorts on a header click: ascending first, then toggling', async () => {
    stubApi(adminApi({ [USERS]: page('users', [zoya, banned, asha]) }));
    renderApp('/admin');
    await screen.findByRole('cell', { name: 'zoya@example.org' });
    const user = userEvent.setup();
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBeNull();

    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Asha Devi', 'Banned Bala', 'Zoya Khan']);

    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Zoya Khan', 'Banned Bala', 'Asha Devi']);

    const email = screen.getByRole('columnheader', { name: /Email/ });
    await user.click(within(email).getByRole('button'));
    expect(email.getAttribute('aria-sort')).toBe('ascending');
    expect(header.getAttribute('aria-sort')).toBeNull();
    expect(names()).toEqual(['Asha Devi', 'Banned Bala', 'Zoya Khan']);
  });

  it('makes a user admin, toasts, and refreshes the users and the audit log', async () => {
    const fetchMock = stubApi(
      adminApi({
        [USERS]: page('users', [asha]),
        '/api/admin/users/u1/role': { status: 200, body: { user: { ...asha, role: 'admin' } } },
      }),
    );
    renderApp('/admin');
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'asha@example.org' });
    const before = requestsTo(fetchMock, USERS).length;
    await user.click(rowOf('asha@example.org').getByRole('button', { name: 'Make Admin' }));

    expect(await screen.findByText('Role updated')).toBeTruthy();
    expect(screen.getByText('Asha Devi is now an admin.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/admin/users/u1/role', 'PATCH')).toEqual([{ role: 'admin' }]);
    await waitFor(() => expect(requestsTo(fetchMock, USERS).length).toBe(before + 1));
  });

  it("toasts 'Failed to update user role' with the server's message", async () => {
    stubApi(
      adminApi({
        [USERS]: page('users', [zoya]),
        '/api/admin/users/u2/role': {
          status: 409,
          body: { error: { code: 'conflict', message: 'The last admin cannot be removed' } },
        },
      }),
    );
    renderApp('/admin');
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'zoya@example.org' });
    await user.click(rowOf('zoya@example.org').getByRole('button', { name: 'Remove Admin' }));
    expect(await screen.findByText('Failed to update user role')).toBeTruthy();
    expect(screen.getByText('The last admin cannot be removed')).toBeTruthy();
  });

  it('bans with the reason typed in the dialog', async () => {
    const fetchMock = stubApi(
      adminApi({
        [USERS]: page('users', [asha]),
        '/api/admin/users/u1/ban-status': {
          status: 200,
          body: { user: { ...asha, banned: true } },
        },
      }),
    );
    renderApp('/admin');
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'asha@example.org' });
    await user.click(rowOf('asha@example.org').getByRole('button', { name: 'Ban User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban User' });
    await user.type(within(dialog).getByLabelText('Reason'), '  Abusive messages ');
    await user.click(within(dialog).getByRole('button', { name: 'Ban User' }));

    expect(await screen.findByText('Ban status updated')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/admin/users/u1/ban-status', 'PATCH')).toEqual([
      { banned: true, banReason: 'Abusive messages' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the ban reason beside Unban User, and unbans', async () => {
    const fetchMock = stubApi(
      adminApi({
        [USERS]: page('users', [banned]),
        '/api/admin/users/u3/ban-status': {
          status: 200,
          body: { user: { ...banned, banned: false } },
        },
      }),
    );
    renderApp('/admin');
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'bala@example.org' });
    const row = rowOf('bala@example.org');
    expect(row.getByText('Posting spam')).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Unban User' }));
    expect(await screen.findByText('Ban status updated')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/admin/users/u3/ban-status', 'PATCH')).toEqual([
      { banned: false, banReason: null },
    ]);
  });

  it("toasts 'Failed to update user ban status' when the ban is refused", async () => {
    stubApi(
      adminApi({
        [USERS]: page('users', [asha]),
        '/api/admin/users/u1/ban-status': 'network-error',
      }),
    );
    renderApp('/admin');
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'asha@example.org' });
    await user.click(rowOf('asha@example.org').getByRole('button', { name: 'Ban User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban User' });
    await user.click(within(dialog).getByRole('button', { name: 'Ban User' }));
    expect(await screen.findByText('Failed to update user ban status')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Ban User' })).toBeTruthy();
  });

  it('does not let an admin demote or ban themselves', async () => {
    stubApi(adminApi({ [USERS]: page('users', [self]) }));
    renderApp('/admin');
    await screen.findByRole('cell', { name: 'root@example.org' });
    const row = rowOf('root@example.org');
    expect(row.getByRole('button', { name: 'Remove Admin' })).toHaveProperty('disabled', true);
    expect(row.getByRole('button', { name: 'Ban User' })).toHaveProperty('disabled', true);
  });

  it('View Chats and Manage Limits jump to their tabs with the user', async () => {
    stubApi(
      adminApi({
        [USERS]: page('users', [asha]),
        '/api/admin/conversations?userId=u1&page=1&pageSize=20': {
          status: 200,
          body: { conversations: [], page: 1, pageSize: 20, total: 0 },
        },
      }),
    );
    const { path } = renderApp('/admin');
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'asha@example.org' });
    await user.click(rowOf('asha@example.org').getByRole('button', { name: 'View Chats' }));
    expect(path()).toBe('/admin?tab=conversations&chatsOf=u1');
    expect(await screen.findByText('This user has no conversations.')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await screen.findByRole('cell', { name: 'asha@example.org' });
    await user.click(rowOf('asha@example.org').getByRole('button', { name: 'Manage Limits' }));
    expect(path()).toBe('/admin?tab=limits&chatsOf=u1&limitsFor=asha%40example.org');
  });

  it('pages through results when there are more than a page', async () => {
    const fetchMock = stubApi(
      adminApi({
        [USERS]: page('users', [asha], 45),
        '/api/admin/users?page=2&pageSize=20': page('users', [zoya], 45),
      }),
    );
    renderApp('/admin');
    const user = userEvent.setup();
    const pages = await screen.findByRole('navigation', { name: 'Users pages' });
    expect(within(pages).getByText('Page 1 of 3 · 45 in all')).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'zoya@example.org' })).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/admin/users?page=2&pageSize=20')).toHaveLength(1);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApi, page, testAdmin } from '../../features/admin/test/admin-fixtures.ts';
import { resetToastsForTests } from '../../shared/toast/toast-store.ts';
import {
  renderApp,
  requestsTo,
  signedInSession,
  stubApi,
  testUser,
  visitorApi,
} from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToastsForTests();
});

const visitorSession = { status: 200, body: { user: null, banned: false } };

async function fillLogin(username: string, password: string) {
  const user = userEvent.setup();
  const submit = await screen.findByRole('button', { name: 'Log in' });
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(submit);
  return user;
}

describe('/admin login', () => {
  it('shows the form with autocomplete hints and the first-run note', async () => {
    stubApi(visitorApi());
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin login' })).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByText(/There are no default credentials\./).textContent).toMatch(
      /ADMIN_USERNAME and ADMIN_PASSWORD settings\. If they are not set, the server prints/,
    );
  });

  it('validates empty fields without calling the server', async () => {
    const fetchMock = stubApi(visitorApi());
    renderApp('/admin');
    await fillLogin('', '');

    expect(screen.getByRole('alert').textContent).toBe('Please enter both username and password');
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    expect(requestsTo(fetchMock, '/api/admin/login')).toEqual([]);
  });

  it("shows the server's message when the login is refused", async () => {
    const fetchMock = stubApi({
      ...visitorApi(),
      '/api/admin/login': {
        status: 401,
        body: { error: { code: 'unauthorized', message: 'Wrong username or password' } },
      },
    });
    renderApp('/admin');
    await fillLogin(' root ', 'not the password');

    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password');
    expect(requestsTo(fetchMock, '/api/admin/login', 'POST')).toEqual([
      { username: 'root', password: 'not the password' },
    ]);
  });

  it('shows the default failure text when the server gives no message', async () => {
    stubApi({ ...visitorApi(), '/api/admin/login': 'network-error' });
    renderApp('/admin');
    await fillLogin('root', 'pw');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid username or password. Please try again.',
    );
  });

  it("reads 'Please wait' while logging in", async () => {
    stubApi({ ...visitorApi(), '/api/admin/login': 'never' });
    renderApp('/admin');
    await fillLogin('root', 'pw');
    expect(screen.getByRole('button', { name: 'Please wait' })).toHaveProperty('disabled', true);
  });

  it('shows the dashboard after a successful login', async () => {
    let loggedIn = false;
    stubApi({
      ...adminApi(),
      '/api/auth/session': () => (loggedIn ? signedInSession(testAdmin) : visitorSession),
      '/api/admin/login': () => {
        loggedIn = true;
        return { status: 200, body: { user: testAdmin } };
      },
    });
    renderApp('/admin');
    await fillLogin('root', 'correct horse battery');

    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByText(/Signed in as/).textContent).toBe('Signed in as root@example.org');
    expect(await screen.findByRole('cell', { name: 'asha@example.org' })).toBeTruthy();
  });

  it('tells a signed-in member that their account is not an admin', async () => {
    stubApi({ ...visitorApi(), '/api/auth/session': signedInSession(testUser()) });
    renderApp('/admin');
    expect(await screen.findByText(/which is not an admin account/)).toBeTruthy();
    expect(screen.getByText('asha@example.org')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Admin login' })).toBeTruthy();
  });
});

describe('/admin dashboard', () => {
  it('is shown at once to a session with the admin role; Logout returns to the form', async () => {
    let loggedIn = true;
    const fetchMock = stubApi({
      ...adminApi(),
      '/api/auth/session': () => (loggedIn ? signedInSession(testAdmin) : visitorSession),
      '/api/admin/logout': () => {
        loggedIn = false;
        return { status: 200, body: { ok: true } };
      },
    });
    const { path } = renderApp('/admin?tab=logs&action=login');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByText('admin', { selector: 'span' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logged out')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Admin login' })).toBeTruthy();
    expect(path()).toBe('/admin');
    expect(requestsTo(fetchMock, '/api/admin/logout', 'POST')).toHaveLength(1);
  });

  it("toasts 'Failed to logout' with the server's reason and stays", async () => {
    stubApi({
      ...adminApi(),
      '/api/admin/logout': {
        status: 500,
        body: { error: { code: 'internal', message: 'The database is unavailable' } },
      },
    });
    renderApp('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Failed to logout')).toBeTruthy();
    expect(screen.getByText('The database is unavailable')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
  });

  it('searches users on Enter with the trimmed text, switching to the Users tab', async () => {
    const fetchMock = stubApi({
      ...adminApi(),
      '/api/admin/logs?page=1&pageSize=50': page('logs', []),
      '/api/admin/users?query=asha+devi&page=1&pageSize=20': page('users', []),
    });
    const { path } = renderApp('/admin?tab=logs');
    const user = userEvent.setup();
    const search = await screen.findByRole('searchbox', { name: 'Search users' });
    expect(search.className).toContain('min-w-[300px]');
    await user.type(search, '  asha devi  ');
    expect(requestsTo(fetchMock, '/api/admin/users?query=asha+devi&page=1&pageSize=20')).toEqual(
      [],
    );
    await user.keyboard('{Enter}');

    expect(await screen.findByText('No users match this search.')).toBeTruthy();
    expect(path()).toBe('/admin?q=asha+devi');
    expect(screen.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');
    expect(
      requestsTo(fetchMock, '/api/admin/users?query=asha+devi&page=1&pageSize=20'),
    ).toHaveLength(1);
  });

  it('keeps the chosen tab in the URL, and opens the tab the URL names', async () => {
    stubApi({
      ...adminApi(),
      '/api/admin/conversations?page=1&pageSize=20': page('conversations', []),
      '/api/admin/rate-limits/global': {
        status: 200,
        body: { maxRequestsPerDay: 25, maxMessagesPerConversation: 50, maxConversations: -1 },
      },
      '/api/admin/rate-limits/users': { status: 200, body: { limits: [] } },
    });
    const { path } = renderApp('/admin?tab=limits');
    const user = userEvent.setup();
    const limitsTab = await screen.findByRole('tab', { name: 'Rate Limits' });
    expect(limitsTab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('form', { name: 'Global limits' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Users',
      'Conversations',
      'User Metrics',
      'Admin Logs',
      'Rate Limits',
      'Knowledge Base',
      'Quality',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Conversations' }));
    expect(await screen.findByText('No conversations yet.')).toBeTruthy();
    expect(path()).toBe('/admin?tab=conversations');
    expect(screen.getByRole('tabpanel', { name: 'Conversations' })).toBeTruthy();
  });
});

describe('/admin Password Management', () => {
  async function openDialog() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Password Management' }));
    const dialog = await screen.findByRole('dialog', { name: 'Password Management' });
    return { user, form: within(dialog).getByRole('form', { name: 'Change password' }) };
  }

  it('checks the form before sending it', async () => {
    const fetchMock = stubApi(adminApi());
    renderApp('/admin');
    const { user, form } = await openDialog();
    expect(within(form).getByLabelText('Username')).toHaveProperty('value', 'root');
    expect(within(form).getByLabelText('New password').getAttribute('autocomplete')).toBe(
      'new-password',
    );

    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByRole('alert').textContent).toBe('All fields are required');

    await user.type(within(form).getByLabelText('Current password'), 'the old password');
    await user.type(within(form).getByLabelText('New password'), 'too short');
    await user.type(within(form).getByLabelText('Confirm new password'), 'too shirt');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Password must be at least 12 characters')).toBeTruthy();
    expect(within(form).getByText('New passwords do not match')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/admin/change-password')).toEqual([]);
  });

  it("sends a valid change, shows the server's refusal, then succeeds and closes", async () => {
    let attempts = 0;
    const fetchMock = stubApi({
      ...adminApi(),
      '/api/admin/change-password': () =>
        ++attempts === 1
          ? {
              status: 400,
              body: {
                error: { code: 'validation_failed', message: 'The current password is wrong.' },
              },
            }
          : { status: 200, body: { ok: true } },
    });
    renderApp('/admin');
    const { user, form } = await openDialog();
    await user.type(within(form).getByLabelText('Current password'), 'the old password');
    await user.type(within(form).getByLabelText('New password'), 'a much longer password');
    await user.type(within(form).getByLabelText('Confirm new password'), 'a much longer password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The current password is wrong.',
    );
    expect(await screen.findByText('Failed to change password')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/admin/change-password', 'POST')).toEqual([
      {
        username: 'root',
        currentPassword: 'the old password',
        newPassword: 'a much longer password',
      },
    ]);

    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

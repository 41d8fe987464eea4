import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

const admin = testUser({ id: 'a1', name: null, email: null, username: 'root', role: 'admin' });
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

  it('shows the admin home after a successful login', async () => {
    let loggedIn = false;
    stubApi({
      ...visitorApi(),
      '/api/auth/session': () => (loggedIn ? signedInSession(admin) : visitorSession),
      '/api/admin/login': () => {
        loggedIn = true;
        return { status: 200, body: { user: admin } };
      },
    });
    renderApp('/admin');
    await fillLogin('root', 'correct horse battery');

    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(screen.getByText(/Signed in as/).textContent).toBe('Signed in as root');
    expect(
      screen.getByText('The dashboard (users, conversations, limits) comes next.'),
    ).toBeTruthy();
  });

  it('tells a signed-in member that their account is not an admin', async () => {
    stubApi({ ...visitorApi(), '/api/auth/session': signedInSession(testUser()) });
    renderApp('/admin');
    expect(await screen.findByText(/which is not an admin account/)).toBeTruthy();
    expect(screen.getByText('asha@example.org')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Admin login' })).toBeTruthy();
  });
});

describe('/admin home', () => {
  it('is shown at once to a session with the admin role; Log out returns to the form', async () => {
    let loggedIn = true;
    const fetchMock = stubApi({
      ...visitorApi(),
      '/api/auth/session': () => (loggedIn ? signedInSession(admin) : visitorSession),
      '/api/admin/logout': () => {
        loggedIn = false;
        return { status: 200, body: { ok: true } };
      },
    });
    renderApp('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('Logged out')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Admin login' })).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/admin/logout', 'POST')).toHaveLength(1);
  });

  it('checks the password change form before sending it', async () => {
    const fetchMock = stubApi({ ...visitorApi(), '/api/auth/session': signedInSession(admin) });
    renderApp('/admin');
    const form = await screen.findByRole('form', { name: 'Change password' });
    const user = userEvent.setup();
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

  it("sends a valid change, shows the server's refusal, then succeeds", async () => {
    let attempts = 0;
    const fetchMock = stubApi({
      ...visitorApi(),
      '/api/auth/session': signedInSession(admin),
      '/api/admin/change-password': () =>
        ++attempts === 1
          ? {
              status: 401,
              body: { error: { code: 'unauthorized', message: 'The current password is wrong' } },
            }
          : { status: 200, body: { ok: true } },
    });
    renderApp('/admin');
    const form = await screen.findByRole('form', { name: 'Change password' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Current password'), 'the old password');
    await user.type(within(form).getByLabelText('New password'), 'a much longer password');
    await user.type(within(form).getByLabelText('Confirm new password'), 'a much longer password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The current password is wrong',
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
    await waitFor(() =>
      expect(within(form).getByLabelText('Current password')).toHaveProperty('value', ''),
    );
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToastsForTests } from '../../../shared/toast/toast-store.ts';
import { renderApp, requestsTo, stubApi } from '../../../test/render-app.tsx';
import { adminApi, userRateLimit } from '../test/admin-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToastsForTests();
});

const GLOBAL = '/api/admin/rate-limits/global';
const USERS = '/api/admin/rate-limits/users';
const globalLimits = {
  maxRequestsPerDay: 25,
  maxMessagesPerConversation: 50,
  maxConversations: -1,
};
const restricted = userRateLimit({
  id: 'l2',
  userId: 'u2',
  userEmail: 'zoya@example.org',
  userName: 'Zoya Khan',
  maxRequestsPerDay: 5,
  isRestricted: true,
  banReason: 'Scraping',
  bannedUntil: new Date(2026, 5, 1, 18, 30, 45).toISOString(),
});

function limitsApi(extra: Parameters<typeof adminApi>[0] = {}) {
  return adminApi({
    [GLOBAL]: { status: 200, body: globalLimits },
    [USERS]: { status: 200, body: { limits: [userRateLimit(), restricted] } },
    ...extra,
  });
}

const form = (name: string) => screen.findByRole('form', { name });

describe('Rate Limits tab: global limits', () => {
  it('saves the parsed values (empty → 0, empty max conversations → -1) and toasts', async () => {
    const fetchMock = stubApi(
      limitsApi({
        [GLOBAL]: (init) =>
          init?.method === 'PATCH'
            ? { status: 200, body: JSON.parse(String(init.body)) }
            : { status: 200, body: globalLimits },
      }),
    );
    renderApp('/admin?tab=limits');
    const user = userEvent.setup();
    const global = within(await form('Global limits'));
    expect(global.getByLabelText('Max requests per day')).toHaveProperty('value', '25');
    expect(global.getByLabelText('Max conversations')).toHaveProperty('value', '-1');
    expect(
      global.getByText(/Now: 25 requests per day, 50 messages per conversation, ∞/),
    ).toBeTruthy();

    await user.clear(global.getByLabelText('Max requests per day'));
    await user.type(global.getByLabelText('Max requests per day'), '100');
    await user.clear(global.getByLabelText('Max messages per conversation'));
    await user.clear(global.getByLabelText('Max conversations'));
    await user.click(global.getByRole('button', { name: 'Save global limits' }));

    expect(await screen.findByText('Global limits updated')).toBeTruthy();
    expect(requestsTo(fetchMock, GLOBAL, 'PATCH')).toEqual([
      { maxRequestsPerDay: 100, maxMessagesPerConversation: 0, maxConversations: -1 },
    ]);
  });

  it("toasts 'Failed to update global rate limits' with the server's message", async () => {
    stubApi(
      limitsApi({
        [GLOBAL]: (init) =>
          init?.method === 'PATCH'
            ? {
                status: 400,
                body: {
                  error: { code: 'validation_failed', message: 'A limit must be -1 or 0 or more' },
                },
              }
            : { status: 200, body: globalLimits },
      }),
    );
    renderApp('/admin?tab=limits');
    const user = userEvent.setup();
    const global = within(await form('Global limits'));
    await user.click(global.getByRole('button', { name: 'Save global limits' }));
    expect(await screen.findByText('Failed to update global rate limits')).toBeTruthy();
    expect(screen.getByText('A limit must be -1 or 0 or more')).toBeTruthy();
  });
});

describe('Rate Limits tab: per-user limits', () => {
  it("asks for the user: 'User ID is required'", async () => {
    const fetchMock = stubApi(limitsApi());
    renderApp('/admin?tab=limits');
    const user = userEvent.setup();
    const userForm = within(await form('User limits'));
    await user.click(userForm.getByRole('button', { name: 'Save user limits' }));
    expect(userForm.getByText('User ID is required')).toBeTruthy();
    expect(userForm.getByLabelText('User ID or email').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('starts from the global limits for a user from Manage Limits, and saves', async () => {
    const fetchMock = stubApi(
      limitsApi({
        '/api/admin/rate-limits/users/new%40example.org': {
          status: 200,
          body: { limit: userRateLimit({ userEmail: 'new@example.org', userName: 'New Person' }) },
        },
      }),
    );
    renderApp('/admin?tab=limits&limitsFor=new@example.org');
    const user = userEvent.setup();
    const userForm = within(await form('User limits'));
    expect(userForm.getByLabelText('User ID or email')).toHaveProperty('value', 'new@example.org');
    expect(userForm.getByLabelText('Max requests per day')).toHaveProperty('value', '25');
    expect(userForm.queryByLabelText('Ban reason')).toBeNull();

    await user.clear(userForm.getByLabelText('Max requests per day'));
    await user.type(userForm.getByLabelText('Max requests per day'), '1');
    await user.click(userForm.getByRole('button', { name: 'Save user limits' }));
    expect(await screen.findByText('User limits updated')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/admin/rate-limits/users/new%40example.org', 'POST')).toEqual(
      [
        {
          maxRequestsPerDay: 1,
          maxMessagesPerConversation: 50,
          maxConversations: -1,
          isRestricted: false,
          banReason: null,
          bannedUntil: null,
        },
      ],
    );
  });

  it('loads a clicked row, restriction included (time truncated to 16 characters)', async () => {
    const fetchMock = stubApi(
      limitsApi({
        '/api/admin/rate-limits/users/zoya%40example.org': {
          status: 200,
          body: { limit: restricted },
        },
      }),
    );
    const { path } = renderApp('/admin?tab=limits');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'User limits' });
    const row = within(table).getByText('Zoya Khan').closest('tr') as HTMLElement;
    expect(within(row).getByText('Scraping')).toBeTruthy();
    await user.click(within(row).getByText('∞'));

    expect(path()).toBe('/admin?tab=limits&limitsFor=zoya%40example.org');
    const userForm = within(await form('User limits'));
    await waitFor(() =>
      expect(userForm.getByLabelText('User ID or email')).toHaveProperty(
        'value',
        'zoya@example.org',
      ),
    );
    expect(userForm.getByLabelText('Max requests per day')).toHaveProperty('value', '5');
    expect(userForm.getByLabelText('Restrict User')).toHaveProperty('checked', true);
    expect(userForm.getByLabelText('Ban reason')).toHaveProperty('value', 'Scraping');
    expect(userForm.getByLabelText('Banned until')).toHaveProperty('value', '2026-06-01T18:30');

    await user.clear(userForm.getByLabelText('Banned until'));
    await user.type(userForm.getByLabelText('Banned until'), '2026-07-04T09:15');
    await user.click(userForm.getByRole('button', { name: 'Save user limits' }));
    await screen.findByText('User limits updated');
    expect(
      requestsTo(fetchMock, '/api/admin/rate-limits/users/zoya%40example.org', 'POST')[0],
    ).toMatchObject({
      isRestricted: true,
      banReason: 'Scraping',
      bannedUntil: new Date(2026, 6, 4, 9, 15).toISOString(),
    });
  });

  it("toasts 'Failed to update user rate limits' with the server's message", async () => {
    stubApi(
      limitsApi({
        '/api/admin/rate-limits/users/nobody': {
          status: 404,
          body: { error: { code: 'not_found', message: 'No user nobody' } },
        },
      }),
    );
    renderApp('/admin?tab=limits');
    const user = userEvent.setup();
    const userForm = within(await form('User limits'));
    await user.type(userForm.getByLabelText('User ID or email'), 'nobody');
    await user.click(userForm.getByRole('button', { name: 'Save user limits' }));
    expect(await screen.findByText('Failed to update user rate limits')).toBeTruthy();
    expect(screen.getByText('No user nobody')).toBeTruthy();
  });

  it('resets to global after a confirmation', async () => {
    let reset = false;
    const fetchMock = stubApi(
      limitsApi({
        [USERS]: () => ({
          status: 200,
          body: { limits: reset ? [restricted] : [userRateLimit(), restricted] },
        }),
        '/api/admin/rate-limits/users/u1': () => {
          reset = true;
          return { status: 200, body: { ok: true } };
        },
      }),
    );
    renderApp('/admin?tab=limits');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'User limits' });
    const row = within(table).getByText('Asha Devi').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Reset to Global' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset to global limits?' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(fetchMock, '/api/admin/rate-limits/users/u1')).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Reset to Global' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset to Global' }),
    );
    expect(await screen.findByText('Reset to global defaults')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/admin/rate-limits/users/u1', 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(within(table).queryByText('Asha Devi')).toBeNull());
  });

  it("toasts 'Failed to reset user rate limits' when the reset is refused", async () => {
    stubApi(
      limitsApi({
        '/api/admin/rate-limits/users/u1': {
          status: 404,
          body: { error: { code: 'not_found', message: 'asha@example.org has no custom limits' } },
        },
      }),
    );
    renderApp('/admin?tab=limits');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'User limits' });
    const row = within(table).getByText('Asha Devi').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Reset to Global' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset to Global' }),
    );
    expect(await screen.findByText('Failed to reset user rate limits')).toBeTruthy();
    expect(screen.getByText('asha@example.org has no custom limits')).toBeTruthy();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, requestsTo, stubApi } from '../../../test/render-app.tsx';
import { adminApi, page, userMetrics } from '../test/admin-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const METRICS = '/api/admin/user-metrics?page=1&pageSize=20';
const days = (counts: Array<[number, number]>) => ({
  status: 200,
  body: {
    days: counts.map(([requests, guestRequests], index) => ({
      date: `2026-05-${String(index + 1).padStart(2, '0')}`,
      requests,
      guestRequests,
    })),
  },
});

// The second user: the server sends both spellings of the counts (spec §3), as it always does;
// reading either one alone is lib/metrics.test.ts's concern.
const otherUser = userMetrics({
  userId: 'u2',
  name: 'Zoya Khan',
  email: 'zoya@example.org',
  totalConversations: 7,
  totalConversationsCreated: 7,
  totalMessages: 21,
  totalMessagesCreated: 21,
  lastMetricsResetDate: null,
  lastActiveAt: null,
});

describe('User Metrics tab', () => {
  it('shows each count, the Active/New status and the last active date', async () => {
    stubApi(
      adminApi({
        [METRICS]: page('metrics', [userMetrics(), otherUser]),
        '/api/admin/usage/daily': days([
          [1, 2],
          [0, 0],
          [3, 1],
        ]),
      }),
    );
    renderApp('/admin?tab=metrics');
    const table = await screen.findByRole('table', { name: 'User Metrics' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'User',
      'Status',
      'Chats created',
      'Active chats',
      'Archived chats',
      'Deleted chats',
      'Messages',
      'In active chats',
      'API requests',
      'Requests today',
      'This month',
      'Last active',
    ]);
    const cells = (name: string) => {
      const row = within(table)
        .getByRole('button', { name: new RegExp(name) })
        .closest('tr');
      return [...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent);
    };
    expect(cells('Asha').slice(1, 11)).toEqual([
      'Active',
      '3',
      '2',
      '1',
      '0',
      '12',
      '8',
      '30',
      '4',
      '20',
    ]);
    expect(cells('Zoya').slice(1, 3)).toEqual(['New', '7']);
    expect(cells('Zoya')[6]).toBe('21');
    expect(cells('Zoya')[11]).toBe('Never');
  });

  it("charts everyone's requests, then the picked user's, with a text alternative", async () => {
    const fetchMock = stubApi(
      adminApi({
        [METRICS]: page('metrics', [userMetrics()]),
        '/api/admin/usage/daily': days([
          [1, 2],
          [0, 0],
          [3, 1],
        ]),
        '/api/admin/usage/daily?userId=u1': days([
          [1, 0],
          [0, 0],
          [2, 0],
        ]),
      }),
    );
    const { path } = renderApp('/admin?tab=metrics');
    const user = userEvent.setup();
    const chart = await screen.findByRole('img');
    expect(chart.getAttribute('aria-label')).toMatch(
      /^Requests per day over the last 3 days, all users: 7 in total, at most 4 on /,
    );
    const dayTable = screen.getByRole('table', { name: 'Requests per day, all users' });
    expect(within(dayTable).getAllByRole('row')).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: /Asha Devi/ }));
    expect(path()).toBe('/admin?tab=metrics&metricsOf=u1');
    expect(screen.getByRole('button', { name: /Asha Devi/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(
      (await screen.findByRole('table', { name: 'Requests per day, Asha Devi' })).textContent,
    ).toContain('2');
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/Asha Devi: 3 in total/);
    expect(requestsTo(fetchMock, '/api/admin/usage/daily?userId=u1')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Show all users' }));
    expect(path()).toBe('/admin?tab=metrics');
  });
});

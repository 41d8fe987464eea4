import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, requestsTo, stubApi } from '../../../test/render-app.tsx';
import { adminApi, adminLog, page } from '../test/admin-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const LOGS = '/api/admin/logs?page=1&pageSize=50';
const BANS = '/api/admin/logs?action=ban_user&page=1&pageSize=50';

const ban = adminLog({
  id: 2,
  action: 'ban_user',
  details: {
    before: { banned: false, banReason: null },
    after: { banned: true, banReason: '<script>alert(1)</script>' },
  },
  timestamp: '2026-03-03T10:00:00.000Z',
});

describe('Admin Logs tab', () => {
  it('shows who did what to whom, when and from where, with the change as text', async () => {
    stubApi(adminApi({ [LOGS]: page('logs', [ban, adminLog()]) }));
    renderApp('/admin?tab=logs');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Admin', 'Action', 'Details', 'Target user', 'Time', 'IP address']);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement | undefined) =>
      [...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent);
    expect(cells(rows[1]).slice(0, 4)).toEqual([
      'root@example.org',
      'Role change',
      'role: user → admin',
      'asha@example.org',
    ]);
    expect(cells(rows[1])[5]).toBe('10.0.0.7');
    expect(
      within(rows[0] as HTMLElement).getByText('ban reason: none → <script>alert(1)</script>'),
    ).toBeTruthy();
    expect(table.querySelector('script')).toBeNull();
  });

  it('filters by action, keeping the filter in the URL and in the CSV link', async () => {
    const fetchMock = stubApi(
      adminApi({ [LOGS]: page('logs', [ban, adminLog()]), [BANS]: page('logs', [ban]) }),
    );
    const { path } = renderApp('/admin?tab=logs');
    const user = userEvent.setup();
    await screen.findByRole('table');
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv.getAttribute('href')).toBe('/api/admin/logs.csv');

    await user.selectOptions(screen.getByLabelText('Action'), 'Ban');
    expect(path()).toBe('/admin?tab=logs&action=ban_user');
    expect(csv.getAttribute('href')).toBe('/api/admin/logs.csv?action=ban_user');
    expect(await screen.findAllByRole('row')).toHaveLength(2);
    expect(requestsTo(fetchMock, BANS)).toHaveLength(1);
  });

  it('shows the admin by email, else by login name labelled as a username', async () => {
    const byName = adminLog({ id: 3, adminEmail: null, adminUsername: 'admin' });
    const unknown = adminLog({ id: 4, adminId: null, adminEmail: null, adminUsername: null });
    stubApi(adminApi({ [LOGS]: page('logs', [byName, adminLog(), unknown]) }));
    renderApp('/admin?tab=logs');
    const table = await screen.findByRole('table');
    const firstCells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);
    expect(firstCells).toEqual(['admin (username)', 'root@example.org', '—']);
  });

  it('lets an email wrap only at its @ and dots, never inside a part', async () => {
    stubApi(adminApi({ [LOGS]: page('logs', [adminLog()]) }));
    renderApp('/admin?tab=logs');
    const table = await screen.findByRole('table');
    const cell = within(table).getAllByRole('row')[1]?.querySelector('td');
    expect(cell?.className).not.toContain('break-all');
    expect(cell?.querySelectorAll('wbr')).toHaveLength(2);
    const parts = [...(cell?.querySelectorAll('span.whitespace-nowrap') ?? [])];
    expect(parts.map((part) => part.textContent)).toEqual(['root', '@example', '.org']);
    expect(cell?.textContent).toBe('root@example.org');
  });
});

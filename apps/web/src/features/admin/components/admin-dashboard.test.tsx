import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, requestsTo, stubApi } from '../../../test/render-app.tsx';
import { adminApi, adminLog, page } from '../test/admin-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const emptyKnowledgeBase = { '/api/admin/documents': { status: 200, body: { documents: [] } } };
const USERS = '/api/admin/users?page=1&pageSize=20';

describe('where the dashboard opens', () => {
  it('opens on the Knowledge Base tab, with what to do, while the knowledge base is empty', async () => {
    // The Users tab's code already loaded (as on a second visit): nothing delays its render.
    await import('./users-tab.tsx');
    const fetchMock = stubApi(adminApi(emptyKnowledgeBase));
    const { path } = renderApp('/admin');
    const tab = await screen.findByRole('tab', { name: 'Knowledge Base', selected: true });
    expect(tab).toBeTruthy();
    expect(path()).toBe('/admin?tab=knowledge-base');
    const notice = await screen.findByRole('region', { name: 'The knowledge base is empty' });
    expect(notice.textContent).toContain('npm run ingest -- <folder>');
    expect(notice.textContent).toContain('Upload the writings below');
    // The Users tab was never shown, so its list was never asked for.
    expect(requestsTo(fetchMock, USERS)).toEqual([]);
  });

  it('keeps the tab chosen after opening there', async () => {
    stubApi(adminApi(emptyKnowledgeBase));
    const { path } = renderApp('/admin');
    await screen.findByRole('tab', { name: 'Knowledge Base', selected: true });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Users' }));
    expect(await screen.findByRole('tab', { name: 'Users', selected: true })).toBeTruthy();
    expect(path()).toBe('/admin');
    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
  });

  it('opens on Users when the knowledge base has documents, without the empty notice', async () => {
    stubApi(adminApi());
    const { path } = renderApp('/admin');
    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Users', selected: true })).toBeTruthy();
    expect(path()).toBe('/admin');
  });

  it('opens on the tab in the URL, whatever the knowledge base holds', async () => {
    const LOGS = '/api/admin/logs?page=1&pageSize=50';
    stubApi(adminApi({ ...emptyKnowledgeBase, [LOGS]: page('logs', [adminLog()]) }));
    const { path } = renderApp('/admin?tab=logs');
    expect(await screen.findByRole('table', { name: 'Admin Logs' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(path()).toBe('/admin?tab=logs');
    expect(screen.getByRole('tab', { name: 'Admin Logs', selected: true })).toBeTruthy();
  });

  it('opens on Users when the document list cannot be read', async () => {
    stubApi(
      adminApi({
        '/api/admin/documents': {
          status: 500,
          body: { error: { code: 'internal', message: 'Internal server error' } },
        },
      }),
    );
    renderApp('/admin');
    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
  });
});

describe('the section select (phones)', () => {
  it('switches tabs like the tab row, keeping the choice in the URL', async () => {
    const LOGS = '/api/admin/logs?page=1&pageSize=50';
    stubApi(adminApi({ [LOGS]: page('logs', [adminLog()]) }));
    const { path } = renderApp('/admin');
    const select = await screen.findByRole('combobox', { name: 'Section' });
    expect((select as HTMLSelectElement).value).toBe('users');
    await userEvent.setup().selectOptions(select, 'Admin Logs');
    await waitFor(() => expect(path()).toBe('/admin?tab=logs'));
    expect(await screen.findByRole('table', { name: 'Admin Logs' })).toBeTruthy();
  });
});

import { adminActions } from '@samvad/contracts/admin-rules';
import { describe, expect, it } from 'vitest';
import { ACTION_LABELS } from './admin-actions.ts';
import { dashboardSearch, readDashboardParams } from './dashboard-params.ts';

describe('readDashboardParams', () => {
  it('defaults to the Users tab without filters', () => {
    expect(readDashboardParams(new URLSearchParams())).toEqual({
      tab: 'users',
      q: '',
      chatsOf: '',
      metricsOf: '',
      action: '',
      limitsFor: '',
    });
  });

  it('reads the tab and trimmed filters', () => {
    const params = readDashboardParams(
      new URLSearchParams('tab=logs&q=%20asha%20&chatsOf=u1&action=ban_user&limitsFor=a@b.c'),
    );
    expect(params).toMatchObject({
      tab: 'logs',
      q: 'asha',
      chatsOf: 'u1',
      action: 'ban_user',
      limitsFor: 'a@b.c',
    });
  });

  it('ignores an unknown tab or action', () => {
    const params = readDashboardParams(new URLSearchParams('tab=settings&action=drop_tables'));
    expect(params.tab).toBe('users');
    expect(params.action).toBe('');
  });
});

describe('dashboardSearch', () => {
  it('leaves out the default tab and empty filters, and round-trips', () => {
    const params = readDashboardParams(new URLSearchParams('tab=conversations&chatsOf=u7'));
    const search = dashboardSearch({ ...params, q: '  ' });
    expect(search.toString()).toBe('tab=conversations&chatsOf=u7');
    expect(readDashboardParams(search)).toEqual(params);
    expect(dashboardSearch({ ...params, tab: 'users', chatsOf: '' }).toString()).toBe('');
  });
});

describe('admin actions', () => {
  it('each have a label', () => {
    expect(Object.keys(ACTION_LABELS).sort()).toEqual([...adminActions].sort());
  });
});

import { focusManager, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import { requestsTo, stubApi } from '../../../test/render-app.tsx';
import { limitsRecord } from '../test/limits-record.ts';
import { RATE_LIMITS_QUERY_KEY, rateLimitsQueryOptions, useRateLimits } from './get-rate-limits.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  focusManager.setFocused(undefined);
});

function renderRateLimits() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useRateLimits(), { wrapper }) };
}

describe('useRateLimits', () => {
  it('fetches the record from GET /api/user/rate-limits under its own key', async () => {
    const record = limitsRecord({ requestsUsedDay: 7, isGuest: false });
    const fetchMock = stubApi({ '/api/user/rate-limits': { status: 200, body: record } });
    const { result } = renderRateLimits();
    await waitFor(() => expect(result.current.data).toEqual(record));
    expect(requestsTo(fetchMock, '/api/user/rate-limits')).toHaveLength(1);
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(rateLimitsQueryOptions().queryKey).toEqual(['/api/user/rate-limits']);
    expect(RATE_LIMITS_QUERY_KEY).toEqual(['/api/user/rate-limits']);
  });

  it('refetches on window focus, although the app keeps data fresh forever', async () => {
    let used = 1;
    const fetchMock = stubApi({
      '/api/user/rate-limits': () => ({
        status: 200,
        body: limitsRecord({ requestsUsedDay: used }),
      }),
    });
    const { result } = renderRateLimits();
    await waitFor(() => expect(result.current.data?.requestsUsedDay).toBe(1));

    used = 2;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(result.current.data?.requestsUsedDay).toBe(2));
    expect(requestsTo(fetchMock, '/api/user/rate-limits')).toHaveLength(2);
  });

  it('refetches when the chat screen invalidates the key', async () => {
    let used = 3;
    stubApi({
      '/api/user/rate-limits': () => ({
        status: 200,
        body: limitsRecord({ requestsUsedDay: used }),
      }),
    });
    const { result, queryClient } = renderRateLimits();
    await waitFor(() => expect(result.current.data?.requestsUsedDay).toBe(3));
    used = 4;
    await act(() => queryClient.invalidateQueries({ queryKey: ['/api/user/rate-limits'] }));
    await waitFor(() => expect(result.current.data?.requestsUsedDay).toBe(4));
  });

  it('fails rather than showing nonsense for a malformed answer', async () => {
    stubApi({ '/api/user/rate-limits': { status: 200, malformed: { maxRequestsPerDay: 'many' } } });
    const { result } = renderRateLimits();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.data).toBeUndefined();
  });
});

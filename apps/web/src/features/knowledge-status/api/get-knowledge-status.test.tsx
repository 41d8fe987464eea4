import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import { preloadPage } from '../../../app/router.tsx';
import { renderApp, requestsTo, stubApi, visitorApi } from '../../../test/render-app.tsx';
import { INLINED_KNOWLEDGE_STATUS_ID, useKnowledgeStatus } from './get-knowledge-status.ts';

const STATUS_PATH = '/api/knowledge/status';

afterEach(() => {
  document.getElementById(INLINED_KNOWLEDGE_STATUS_ID)?.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page shell's JSON script, as the server writes it (apps/server/src/http/page-shell.ts). */
function inlineStatus(json: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INLINED_KNOWLEDGE_STATUS_ID;
  script.textContent = json;
  document.head.append(script);
}

function renderStatus() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useKnowledgeStatus(), { wrapper }) };
}

describe('the knowledge status the page shell inlined', () => {
  it('is the query’s data from its first render, dated at the navigation, with no call', async () => {
    inlineStatus('{"documents":3}');
    const fetchMock = stubApi({ [STATUS_PATH]: 'never' });
    const { result, queryClient } = renderStatus();
    expect(result.current.data).toEqual({ documents: 3 });
    expect(result.current.dataUpdatedAt).toBe(performance.timeOrigin);
    // The chat page's own prefetch (main.tsx, before the first render) does not call either.
    await preloadPage('/chat', queryClient);
    expect(requestsTo(fetchMock, STATUS_PATH)).toHaveLength(0);
  });

  it('gives /chat its empty-knowledge-base welcome at the first render', async () => {
    inlineStatus('{"documents":0}');
    const fetchMock = stubApi({ ...visitorApi(), [STATUS_PATH]: 'never' });
    renderApp('/chat');
    expect(await screen.findByText('No documents have been added yet.')).toBeTruthy();
    expect(requestsTo(fetchMock, STATUS_PATH)).toHaveLength(0);
  });

  it('is fetched again once stale, as a fetched status is (documents added since)', async () => {
    inlineStatus('{"documents":0}');
    vi.spyOn(performance, 'timeOrigin', 'get').mockReturnValue(Date.now() - 61_000);
    const fetchMock = stubApi({ [STATUS_PATH]: { status: 200, body: { documents: 5 } } });
    const { result } = renderStatus();
    expect(result.current.data).toEqual({ documents: 0 });
    await waitFor(() => expect(result.current.data).toEqual({ documents: 5 }));
    expect(requestsTo(fetchMock, STATUS_PATH)).toHaveLength(1);
  });

  it('is fetched again at once on a page opened by Back or Forward (maybe an old cached copy)', async () => {
    inlineStatus('{"documents":0}');
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: 'back_forward' } as PerformanceNavigationTiming,
    ]);
    const fetchMock = stubApi({ [STATUS_PATH]: { status: 200, body: { documents: 6 } } });
    const { result } = renderStatus();
    expect(result.current.data).toEqual({ documents: 0 });
    await waitFor(() => expect(result.current.data).toEqual({ documents: 6 }));
    expect(requestsTo(fetchMock, STATUS_PATH)).toHaveLength(1);
  });

  it('is fetched again when the key is invalidated', async () => {
    inlineStatus('{"documents":0}');
    const fetchMock = stubApi({ [STATUS_PATH]: { status: 200, body: { documents: 2 } } });
    const { result, queryClient } = renderStatus();
    await act(() => queryClient.invalidateQueries({ queryKey: [STATUS_PATH] }));
    await waitFor(() => expect(result.current.data).toEqual({ documents: 2 }));
    expect(requestsTo(fetchMock, STATUS_PATH)).toHaveLength(1);
  });

  it.each([
    ['none (Vite’s dev server)', null],
    ['an unreadable one', '{"documents":'],
    ['one of another shape', '{"documents":"many"}'],
  ])('is fetched as before when there is %s', async (_case, json) => {
    if (json !== null) inlineStatus(json);
    const fetchMock = stubApi({ [STATUS_PATH]: { status: 200, body: { documents: 4 } } });
    const { result } = renderStatus();
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.data).toEqual({ documents: 4 }));
    expect(requestsTo(fetchMock, STATUS_PATH)).toHaveLength(1);
  });
});

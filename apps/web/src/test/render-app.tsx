import type { Persona } from '@samvad/contracts/persona';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { type Mock, vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { AppRoutes } from '../app/router.tsx';

export const testPersona: Persona = {
  productName: 'Test Product',
  reformerName: 'A. Reformer',
  headlineLines: ['First line typed', 'Second line'],
  tagline: 'A tagline from the persona file.',
  description: 'A description for link previews.',
};

type Answer = { status: number; body?: unknown } | 'never';

/** Stubs fetch with one answer per API path; unknown paths answer 404. */
export function stubApi(answers: Record<string, Answer>): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const answer = answers[String(input)] ?? {
      status: 404,
      body: { error: { code: 'not_found' } },
    };
    if (answer === 'never') return new Promise<Response>(() => {});
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const visitorApi = (clientId: string | null = null): Record<string, Answer> => ({
  '/api/persona': { status: 200, body: testPersona },
  '/api/auth/session': { status: 200, body: { user: null, banned: false } },
  '/api/auth/google-client-id': { status: 200, body: { clientId } },
});

let currentPath = '';
function LocationProbe() {
  const location = useLocation();
  currentPath = location.pathname + location.search;
  return null;
}

/** The real app (routes, providers, toasts) on an in-memory router at `path`. */
export function renderApp(path = '/') {
  const utils = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, path: () => currentPath };
}

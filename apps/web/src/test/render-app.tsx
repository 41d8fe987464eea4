import type { SessionUser } from '@samvad/contracts/auth';
import { type Persona, personaSchema } from '@samvad/contracts/persona';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { type Mock, vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { AppRoutes } from '../app/router.tsx';
import { stubbedAnswerProblem } from './api-contracts.ts';
import { recordStubViolation } from './stub-violations.ts';

export const testPersona: Persona = personaSchema.parse({
  productName: 'Test Product',
  reformerName: 'A. Reformer',
  headlineLines: ['First line typed', 'Second line'],
  tagline: 'A tagline from the persona file.',
  description: 'A description for link previews.',
});

/**
 * A JSON answer (checked against the route's contract: api-contracts.ts); a JSON body the
 * server never sends (`malformed`: for tests of the client's own checks; not checked); a
 * non-JSON page from something in front of the server (`text`: a proxy's error page); or none.
 */
type Answer =
  | { status: number; body?: unknown }
  | { status: number; malformed: unknown }
  | { status: number; text: string }
  | 'never'
  | 'network-error';
/** An answer, or a function choosing one per request (e.g. by method, or by call count). */
type AnswerSource = Answer | ((init: RequestInit | undefined) => Answer);

/**
 * Stubs fetch with one answer per API path; unknown paths answer the server's 404. Every JSON
 * answer must be one the server could send (the route's status and schema, or an error body):
 * a stub that drifts from the contract fails the test (setup.ts).
 */
export function stubApi(answers: Record<string, AnswerSource>): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const source = answers[url] ?? {
      status: 404,
      body: { error: { code: 'not_found', message: `Nothing matches ${url}` } },
    };
    const answer = typeof source === 'function' ? source(init) : source;
    if (answer === 'never') return new Promise<Response>(() => {});
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if ('text' in answer) {
      return new Response(answer.text, {
        status: answer.status,
        headers: { 'content-type': 'text/html' },
      });
    }
    let body: unknown;
    if ('malformed' in answer) body = answer.malformed;
    else {
      const method = init?.method ?? 'GET';
      const problem = stubbedAnswerProblem(method, url, answer.status, answer.body);
      if (problem) recordStubViolation(`${method} ${url} → ${answer.status}: ${problem}`);
      body = answer.body;
    }
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const visitorApi = (clientId: string | null = null): Record<string, AnswerSource> => ({
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

/** The requests made so far to `path` (with `method`, when given): their parsed JSON bodies. */
export function requestsTo(fetchMock: Mock<typeof fetch>, path: string, method?: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && (!method || init?.method === method))
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

/**
 * The real app (routes, providers, toasts) on an in-memory router at `path`; `strict` wraps it
 * in StrictMode, as main.tsx does, so effects run twice.
 */
export function renderApp(path = '/', { strict = false }: { strict?: boolean } = {}) {
  const app = (
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>
  );
  const utils = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...utils, path: () => currentPath };
}

// Kept with the other server answers (a light module); here too for the many tests that render.
export { testUser } from './server-answers.ts';

/** The session answer for a signed-in `user`. */
export const signedInSession = (user: SessionUser) => ({
  status: 200,
  body: { user, banned: false },
});

import type { PersonaResponse } from '@samvad/contracts/persona';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** GET /api/persona: every product and reformer text the app shows, and the server's answerer. */
export function getPersona(): Promise<PersonaResponse> {
  return apiFetch<PersonaResponse>('/api/persona');
}

/** The server inlines the persona into the page (a JSON script), saving the first screen a call. */
function inlinedPersona(): PersonaResponse | undefined {
  const text = document.getElementById('samvad-persona')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PersonaResponse;
  } catch {
    return undefined;
  }
}

export const personaQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/persona'],
    queryFn: getPersona,
    initialData: inlinedPersona,
    gcTime: Number.POSITIVE_INFINITY,
  });

export function usePersona() {
  return useQuery(personaQueryOptions());
}

/**
 * The persona, fetched once more if the copy at hand does not say who writes the answers (a page
 * shell that inlines the file's texts alone): for the screens whose copy depends on it.
 */
export function usePersonaWithAnswerer() {
  return useQuery({
    ...personaQueryOptions(),
    staleTime: (query) => (query.state.data?.answerer ? Number.POSITIVE_INFINITY : 0),
  });
}

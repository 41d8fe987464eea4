import type { Persona } from '@samvad/contracts/persona';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** GET /api/persona: every product and reformer text the app shows. */
export function getPersona(): Promise<Persona> {
  return apiFetch<Persona>('/api/persona');
}

/** The server inlines the persona into the page (a JSON script), saving the first screen a call. */
function inlinedPersona(): Persona | undefined {
  const text = document.getElementById('samvad-persona')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Persona;
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

import type { Persona } from '@samvad/contracts/persona';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** GET /api/persona: every product and reformer text the app shows. */
export function getPersona(): Promise<Persona> {
  return apiFetch<Persona>('/api/persona');
}

export const personaQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/persona'],
    queryFn: getPersona,
    gcTime: Number.POSITIVE_INFINITY,
  });

export function usePersona() {
  return useQuery(personaQueryOptions());
}

import type { AdminDocumentListResponse } from '@samvad/contracts/admin-documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** Uploads and removals refresh this key. */
export const ADMIN_DOCUMENTS_KEY = ['/api/admin/documents'] as const;

/** GET /api/admin/documents: every document of the knowledge base, newest first. */
export function listDocuments(): Promise<AdminDocumentListResponse> {
  return apiFetch<AdminDocumentListResponse>('/api/admin/documents');
}

export const adminDocumentsQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_DOCUMENTS_KEY, queryFn: listDocuments, staleTime: 0 });

export function useAdminDocuments() {
  return useQuery(adminDocumentsQueryOptions());
}

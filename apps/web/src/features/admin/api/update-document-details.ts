import type {
  AdminDocumentResponse,
  UpdateDocumentDetailsRequest,
} from '@samvad/contracts/admin-documents';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { ADMIN_DOCUMENTS_KEY } from './list-documents.ts';

export type DocumentDetailsChange = { id: string; details: UpdateDocumentDetailsRequest };

/** PATCH /api/admin/documents/{id}: the title, author, volume and year answers cite. */
export function updateDocumentDetails({ id, details }: DocumentDetailsChange) {
  return apiFetch<AdminDocumentResponse>(`/api/admin/documents/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: details,
  });
}

/** Edit details in the Knowledge Base tab: toasts the outcome and refreshes the list. */
export function useUpdateDocumentDetails(options: { onSuccess?: () => void } = {}) {
  return useAdminMutation({
    mutationFn: updateDocumentDetails,
    success: ({ document }) => ({
      title: 'Document details saved',
      description: `New answers cite ${document.title}.`,
    }),
    failure: 'Failed to save document details',
    invalidates: [ADMIN_DOCUMENTS_KEY],
    onSuccess: options.onSuccess,
  });
}

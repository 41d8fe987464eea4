import type {
  AdminDocument,
  AdminDocumentRemovedResponse,
} from '@samvad/contracts/admin-documents';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { EMBEDDING_STATUS_KEY } from './get-embedding-status.ts';
import { ADMIN_DOCUMENTS_KEY } from './list-documents.ts';

/** DELETE /api/admin/documents/{id}. */
export function removeDocument(document: Pick<AdminDocument, 'id'>) {
  return apiFetch<AdminDocumentRemovedResponse>(
    `/api/admin/documents/${encodeURIComponent(document.id)}`,
    { method: 'DELETE' },
  );
}

/** Remove in the Knowledge Base tab: toasts the outcome and refreshes the list. */
export function useRemoveDocument(options: { onSuccess?: () => void } = {}) {
  return useAdminMutation({
    mutationFn: removeDocument,
    success: ({ removed }) => ({
      title: 'Document removed',
      description: `${removed.fileName} is no longer in the knowledge base.`,
    }),
    failure: 'Failed to remove document',
    // The passages' count (and vectors) go with the document.
    invalidates: [ADMIN_DOCUMENTS_KEY, EMBEDDING_STATUS_KEY],
    onSuccess: options.onSuccess,
  });
}

import type { AdminDocument } from '@samvad/contracts/admin-documents';
import { LoaderCircle, Trash2 } from 'lucide-react';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { useRemoveDocument } from '../api/remove-document.ts';

/** Remove asks first: answers stop citing the document at once, and only an upload brings it back. */
export function KnowledgeBaseRemoveDialog({
  document,
  onClose,
}: {
  document: AdminDocument;
  onClose(): void;
}) {
  const remove = useRemoveDocument({ onSuccess: onClose });
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title="Remove document"
      description={
        <>
          Remove <span className="font-medium text-foreground">{document.title}</span> (
          {document.fileName}, {document.chunkCount}{' '}
          {document.chunkCount === 1 ? 'chunk' : 'chunks'}) from the knowledge base? Answers will no
          longer cite it.
        </>
      }
    >
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          disabled={remove.isPending}
          aria-busy={remove.isPending}
          variant="destructive"
          onClick={() => remove.mutate(document)}
        >
          {remove.isPending ? (
            <LoaderCircle aria-hidden className="animate-spin" />
          ) : (
            <Trash2 aria-hidden />
          )}
          Remove
        </Button>
      </div>
    </Modal>
  );
}

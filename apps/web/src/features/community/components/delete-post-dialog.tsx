import { LoaderCircle } from 'lucide-react';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { useDeletePost } from '../api/delete-post.ts';

/** Asks before deleting a post: it goes for good, with its likes, reposts and comments. */
export function DeletePostDialog({ postId, onClose }: { postId: string; onClose(): void }) {
  const deletion = useDeletePost();
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete post?"
      description="The post is removed for everyone, with its likes, reposts and comments. This cannot be undone."
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button
          className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
          disabled={deletion.isPending}
          onClick={() => deletion.mutate(postId, { onSuccess: onClose })}
        >
          {deletion.isPending && <LoaderCircle aria-hidden className="animate-spin" />}
          Delete
        </Button>
      </div>
    </Modal>
  );
}

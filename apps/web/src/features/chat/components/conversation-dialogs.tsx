import { cutTitle, TITLE_MAX_LENGTH } from '@samvad/contracts/conversation-rules';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';

type ConversationDialogsProps = {
  dialog: 'rename' | 'delete';
  title: string;
  onClose(): void;
  onRename(title: string): void;
  onDelete(): void;
};

/** Rename and delete-confirmation for a sidebar entry; loaded on first use. */
export default function ConversationDialogs({
  dialog,
  title,
  onClose,
  onRename,
  onDelete,
}: ConversationDialogsProps) {
  if (dialog === 'rename') {
    return <RenameDialog initialTitle={title} onClose={onClose} onRename={onRename} />;
  }
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete conversation"
      description="Are you sure you want to delete this conversation?"
    >
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="destructive"
          onClick={() => {
            onClose();
            onDelete();
          }}
        >
          Delete
        </Button>
      </div>
    </Modal>
  );
}

function RenameDialog({
  initialTitle,
  onClose,
  onRename,
}: {
  initialTitle: string;
  onClose(): void;
  onRename(title: string): void;
}) {
  const [title, setTitle] = useState(initialTitle);
  const trimmed = title.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: a rename needs a non-empty trimmed title; the box takes no more than a title
    // holds, and cutTitle makes its spaces single as the server does.
    if (!trimmed) return;
    onRename(cutTitle(trimmed));
    onClose();
  };
  return (
    <Modal open onOpenChange={(next) => !next && onClose()} title="Rename conversation">
      <form onSubmit={submit} className="grid gap-4">
        <label className="grid gap-1.5 text-sm font-medium">
          Title
          <input
            value={title}
            maxLength={TITLE_MAX_LENGTH}
            onChange={(event) => setTitle(event.target.value)}
            className="h-10 rounded-xl border border-input bg-background px-3 text-sm font-normal outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30"
          />
        </label>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!trimmed}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}

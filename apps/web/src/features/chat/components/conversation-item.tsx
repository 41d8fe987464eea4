import type { ConversationSummary } from '@samvad/contracts/conversations';
import {
  Archive,
  ArchiveRestore,
  Link2,
  Link2Off,
  MoreHorizontal,
  Pencil,
  Trash2,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../shared/api/api-client.ts';
import { cn } from '../../../shared/lib/cn.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { MenuContent, menuItemClass } from '../../../shared/ui/menu.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { useDeleteConversation } from '../api/delete-conversation.ts';
import { useUpdateConversation } from '../api/update-conversation.ts';
import { formatConversationDate } from '../lib/format-date.ts';

type ConversationItemProps = {
  conversation: ConversationSummary;
  current: boolean;
  onSelect(): void;
  onShare(): void;
  onRevokeShare(): void;
  onDeleted(): void;
};

/** One sidebar entry (spec §2): its title and date, and rename, archive/restore, share, delete. */
export function ConversationItem({
  conversation,
  current,
  onSelect,
  onShare,
  onRevokeShare,
  onDeleted,
}: ConversationItemProps) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const update = useUpdateConversation();
  const remove = useDeleteConversation();

  const toggleArchived = () => {
    const archived = !conversation.archived;
    update.mutate(
      { id: conversation.id, change: { archived } },
      {
        onSuccess: () =>
          toast({ title: archived ? 'Conversation archived' : 'Conversation unarchived' }),
        onError: (error) =>
          toast({
            title: 'Failed to update conversation',
            description: messageOf(error),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <li className="group relative">
      <button
        type="button"
        onClick={onSelect}
        aria-current={current ? 'page' : undefined}
        className={cn(
          'flex w-full cursor-pointer flex-col rounded-xl px-3 py-2 pr-10 text-left transition-colors hover:bg-secondary',
          current && 'bg-secondary',
        )}
      >
        <span className="truncate text-sm font-medium">{conversation.title}</span>
        <span className="text-xs text-muted-foreground">
          {formatConversationDate(conversation.updatedAt)}
          {conversation.isShared && ' · Shared'}
        </span>
      </button>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            aria-label={`Actions for ${conversation.title}`}
            className="absolute top-1/2 right-1.5 grid size-8 -translate-y-1/2 cursor-pointer place-items-center rounded-lg text-muted-foreground opacity-100 hover:bg-background hover:text-foreground focus-visible:opacity-100 data-[state=open]:opacity-100 md:opacity-0 md:group-hover:opacity-100"
          >
            <MoreHorizontal aria-hidden className="size-4" />
          </button>
        </DropdownMenu.Trigger>
        <MenuContent className="w-48">
          <DropdownMenu.Item className={menuItemClass} onSelect={() => setDialog('rename')}>
            <Pencil aria-hidden className="size-4 text-muted-foreground" />
            Rename
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} onSelect={toggleArchived}>
            {conversation.archived ? (
              <ArchiveRestore aria-hidden className="size-4 text-muted-foreground" />
            ) : (
              <Archive aria-hidden className="size-4 text-muted-foreground" />
            )}
            {conversation.archived ? 'Restore' : 'Archive'}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} onSelect={onShare}>
            <Link2 aria-hidden className="size-4 text-muted-foreground" />
            {conversation.isShared ? 'Copy share link' : 'Share'}
          </DropdownMenu.Item>
          {conversation.isShared && (
            <DropdownMenu.Item className={menuItemClass} onSelect={onRevokeShare}>
              <Link2Off aria-hidden className="size-4 text-muted-foreground" />
              Revoke link
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="mx-1 my-1 h-px bg-border" />
          <DropdownMenu.Item
            className={cn(menuItemClass, 'text-destructive')}
            onSelect={() => setDialog('delete')}
          >
            <Trash2 aria-hidden className="size-4" />
            Delete
          </DropdownMenu.Item>
        </MenuContent>
      </DropdownMenu.Root>

      <RenameDialog
        key={`${dialog === 'rename'}-${conversation.title}`}
        open={dialog === 'rename'}
        initialTitle={conversation.title}
        onClose={() => setDialog(null)}
        onRename={(title) =>
          update.mutate(
            { id: conversation.id, change: { title } },
            {
              onSuccess: () => toast({ title: 'Conversation renamed' }),
              onError: (error) =>
                toast({
                  title: 'Failed to rename conversation',
                  description: messageOf(error),
                  variant: 'destructive',
                }),
            },
          )
        }
      />
      <Modal
        open={dialog === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Delete conversation"
        description="Are you sure you want to delete this conversation?"
      >
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setDialog(null)}>
            Cancel
          </Button>
          <Button
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            onClick={() => {
              setDialog(null);
              remove.mutate(conversation.id, {
                onSuccess: () => {
                  toast({ title: 'Conversation deleted' });
                  onDeleted();
                },
                onError: (error) =>
                  toast({
                    title: 'Failed to delete conversation',
                    description: messageOf(error),
                    variant: 'destructive',
                  }),
              });
            }}
          >
            Delete
          </Button>
        </div>
      </Modal>
    </li>
  );
}

function RenameDialog({
  open,
  initialTitle,
  onClose,
  onRename,
}: {
  open: boolean;
  initialTitle: string;
  onClose(): void;
  onRename(title: string): void;
}) {
  const [title, setTitle] = useState(initialTitle);
  const trimmed = title.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: a rename needs a non-empty trimmed title; titles are cut to 30 characters.
    if (!trimmed) return;
    onRename(trimmed.slice(0, 30));
    onClose();
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (next) setTitle(initialTitle);
        else onClose();
      }}
      title="Rename conversation"
    >
      <form onSubmit={submit} className="grid gap-4">
        <label className="grid gap-1.5 text-sm font-medium">
          Title
          <input
            value={title}
            maxLength={30}
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

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  return error instanceof Error ? error.message : String(error);
}

import type { ConversationSummary } from '@samvad/contracts/conversations';
import { MoreHorizontal } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../../shared/api/api-client.ts';
import { cn } from '../../../shared/lib/cn.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { DeferredMenu } from '../../../shared/ui/deferred-menu.tsx';
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

// The menu and the dialogs (and Radix's code for them) load when first used.
const loadConversationMenu = () => import('./conversation-menu.tsx');
const ConversationMenu = lazy(loadConversationMenu);
const ConversationDialogs = lazy(() => import('./conversation-dialogs.tsx'));

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
        {/* Cut to the row by CSS with an ellipsis; the whole title on hover (issue 27). */}
        <span title={conversation.title} className="truncate text-sm font-medium">
          {conversation.title}
        </span>
        <span className="text-xs text-muted-foreground">
          {formatConversationDate(conversation.updatedAt)}
          {conversation.isShared && ' · Shared'}
        </span>
      </button>
      <DeferredMenu
        trigger={
          <button
            aria-haspopup="menu"
            type="button"
            aria-label={`Actions for ${conversation.title}`}
            className="absolute top-1/2 right-1.5 grid size-8 -translate-y-1/2 cursor-pointer place-items-center rounded-lg text-muted-foreground opacity-100 hover:bg-background hover:text-foreground focus-visible:opacity-100 data-[state=open]:opacity-100 md:opacity-0 md:group-hover:opacity-100"
          >
            <MoreHorizontal aria-hidden className="size-4" />
          </button>
        }
        menu={ConversationMenu}
        props={{
          archived: conversation.archived,
          shared: conversation.isShared,
          onRename: () => setDialog('rename'),
          onToggleArchived: toggleArchived,
          onShare,
          onRevokeShare,
          onDelete: () => setDialog('delete'),
        }}
        preload={() => void loadConversationMenu()}
      />

      {dialog && (
        <Suspense fallback={null}>
          <ConversationDialogs
            dialog={dialog}
            title={conversation.title}
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
            onDelete={() =>
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
              })
            }
          />
        </Suspense>
      )}
    </li>
  );
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  return error instanceof Error ? error.message : String(error);
}
